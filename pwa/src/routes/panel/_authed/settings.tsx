import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@pwa/features/settings/settings-page';

export const Route = createFileRoute('/panel/_authed/settings')({
  component: SettingsPage,
});
