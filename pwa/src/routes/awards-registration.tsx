import { createFileRoute } from '@tanstack/react-router';
import { AwardsPage } from '../features/public-site/awards-page';

export const Route = createFileRoute('/awards-registration')({
  component: AwardsPage,
});
