import { createFileRoute } from '@tanstack/react-router';
import { CheckinPage } from '@pwa/features/checkin/checkin-page';
import { DoorError } from '@pwa/features/checkin/door-cards';

/**
 * The venue door: the roster kept offline, search and scan, the person card, walk-ins, the sync bar. Full
 * screen (a phone's every pixel), and kept working when the login lapses (the gate is never handed to a
 * login screen). A failure shows the door's own error screen (what happened, how to get the door back).
 */
export const Route = createFileRoute('/panel/_authed/checkin')({
  staticData: { fullScreen: true, outlivesSession: true },
  component: CheckinPage,
  // The door's own error screen, in the door's chunk (not a chunk of its own): when the door fails because
  // site data was cleared offline, no further file can be fetched, and the router's raw error would show.
  errorComponent: DoorError,
  codeSplitGroupings: [['component', 'errorComponent']],
});
