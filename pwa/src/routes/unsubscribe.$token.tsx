import { createFileRoute } from '@tanstack/react-router';
import { LinkActionPage } from '../features/public-site/registration/link-action-page';

export const Route = createFileRoute('/unsubscribe/$token')({
  component: function UnsubscribeRoute() {
    const { token } = Route.useParams();
    return <LinkActionPage action="unsubscribe" token={token} />;
  },
});
