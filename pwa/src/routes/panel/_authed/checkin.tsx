import { createFileRoute } from '@tanstack/react-router';
import { CheckinDoor } from '@pwa/features/checkin/checkin-page';

/**
 * The venue door: the roster kept offline, search and scan, the person card, walk-ins, the sync bar. Full
 * screen (a phone's every pixel), and kept working when the login lapses (the gate is never handed to a
 * login screen). A failure shows the door's own error screen (what happened, how to get the door back).
 */
export const Route = createFileRoute('/panel/_authed/checkin')({
  staticData: { fullScreen: true, outlivesSession: true },
  component: CheckinDoor,
});
