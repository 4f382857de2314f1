import { createFileRoute } from '@tanstack/react-router';
import { PassLinkPage } from '../features/public-site/passes-page';

export const Route = createFileRoute('/p/$token')({
  component: function PassLinkRoute() {
    const { token } = Route.useParams();
    return <PassLinkPage token={token} />;
  },
});
