import { createFileRoute } from '@tanstack/react-router';
import { CheckinPage } from '@pwa/features/checkin/checkin-page';

/**
 * The venue door: the roster kept offline, search and scan, the person card, walk-ins, the sync bar. Full
 * screen (a phone's every pixel), and kept working when the login lapses (the gate is never handed to a
 * login screen).
 */
export const Route = createFileRoute('/panel/_authed/checkin')({
  staticData: { fullScreen: true, outlivesSession: true },
  component: CheckinPage,
});
