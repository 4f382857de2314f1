import { createFileRoute } from '@tanstack/react-router';
import { MyPassesPage } from '../features/public-site/passes-page';

export const Route = createFileRoute('/passes')({
  component: MyPassesPage,
});
