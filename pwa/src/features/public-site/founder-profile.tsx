import { useState } from 'react';
import { toast } from '../../components/toasts';
import { useLocale } from './i18n/locale';
import { Paragraphs } from './organiser-text';
import { useSite } from './site-data';

/**
 * The founder's video loads only when played (a poster until then). It is self-hosted: an organiser sets
 * its path on this site in Settings (the CSP plays media from this origin only).
 */
export function FounderProfile() {
  const { founderVideoUrl, founderBio } = useSite();
  const videoUrl = founderVideoUrl || '';
  const [playing, setPlaying] = useState(false);
  const { t } = useLocale();
  const play = () => {
    if (videoUrl) setPlaying(true);
    else toast(t('The founder’s video will be available soon.'));
  };
  return (
    <section className="section founder" aria-labelledby="founder-title">
      <div className="founder__media">
        {playing ? (
          // biome-ignore lint/a11y/useMediaCaption: the organiser's own video; captions come with it when it has them
          <video src={videoUrl} controls autoPlay playsInline width="640" height="360" data-testid="founder-video" />
        ) : (
          <button type="button" className="founder__poster" onClick={play} aria-label={t('Play the founder’s video')}>
            <img src="/images/founder-poster.svg" alt="" width="640" height="360" loading="lazy" decoding="async" />
            <span className="founder__play" aria-hidden="true" />
          </button>
        )}
      </div>
      <div>
        <h2 id="founder-title" className="section__title">
          {t('Founder profile')}
        </h2>
        {/* The organiser's words from Settings, or none: the site invents nothing about a real person. */}
        <Paragraphs text={founderBio} />
      </div>
    </section>
  );
}
