import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { PackageCard } from './packages-section';
import type { SitePackage } from '../../../../edge/lib/site-defaults';

/** Small screens (seed 000 §2, §9): a swipe carousel showing 1.2 slides with a gap of 15. */
export default function PackagesCarousel({ packages, onDetails }: { packages: SitePackage[]; onDetails: (pack: SitePackage) => void }) {
  return (
    <Swiper className="packages__carousel" slidesPerView={1.2} spaceBetween={15}>
      {packages.map((pack) => (
        <SwiperSlide key={pack.id}>
          <PackageCard pack={pack} onDetails={onDetails} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
