import { createFileRoute } from '@tanstack/react-router';
import { CheckinPage } from '@pwa/features/checkin/checkin-page';

/** The venue door: the roster kept offline, search and scan, the person card, walk-ins, the sync bar. */
export const Route = createFileRoute('/panel/_authed/checkin')({
  component: CheckinPage,
});
