import { createFileRoute } from '@tanstack/react-router';
import { ConflictsPage } from '@pwa/features/checkin/conflicts-page';

/** The admins' conflict inbox of the venue door: two devices that changed the same person while apart. */
export const Route = createFileRoute('/panel/_authed/checkin_/conflicts')({
  component: ConflictsPage,
});
