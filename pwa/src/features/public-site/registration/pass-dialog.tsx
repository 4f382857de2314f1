import { Dialog } from '@pwa/components/dialog';
import type { SavedPass } from '@pwa/offline/db';
import { PassCard } from './pass-card';

export default function PassDialog({ pass, onClose }: { pass: SavedPass; onClose: () => void }) {
  return (
    <Dialog title="Your pass" onClose={onClose}>
      <PassCard pass={pass} />
      <p className="pass__saved">
        Saved on this device: open it any time, even offline, from{' '}
        <a href="/passes" onClick={onClose}>
          My passes
        </a>
        .
      </p>
    </Dialog>
  );
}
