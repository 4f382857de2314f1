import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/public-site/home-page';

export const Route = createFileRoute('/')({
  component: HomePage,
});
