import { Dialog } from '@pwa/components/dialog';
import type { SavedPass } from '@pwa/offline/db';
import { useLocale } from '../i18n/locale';
import { PassCard } from './pass-card';

export default function PassDialog({ pass, onClose }: { pass: SavedPass; onClose: () => void }) {
  const { t, href } = useLocale();
  // The link's place in the sentence is the language's: the words either side of `{link}`.
  const [before, after] = t('Saved on this device: open it any time, even offline, from {link}.').split('{link}');
  return (
    <Dialog title={t('Your pass')} onClose={onClose}>
      <PassCard pass={pass} />
      <p className="pass__saved">
        {before}
        <a href={href('/passes')} onClick={onClose}>
          {t('My passes')}
        </a>
        {after}
      </p>
    </Dialog>
  );
}
