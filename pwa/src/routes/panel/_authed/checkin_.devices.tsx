import { createFileRoute } from '@tanstack/react-router';
import { DevicesPage } from '@pwa/features/checkin/devices-page';

/** The admins' door devices: last contact, what waits on each, and Revoke for a lost or stolen one. */
export const Route = createFileRoute('/panel/_authed/checkin_/devices')({
  component: DevicesPage,
});
