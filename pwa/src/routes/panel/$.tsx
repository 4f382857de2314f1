import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../components/not-found';

/** Any unknown path under /panel. */
export const Route = createFileRoute('/panel/$')({
  component: NotFound,
});
