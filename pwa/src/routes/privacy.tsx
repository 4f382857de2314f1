import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/public-site/privacy-page';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});
