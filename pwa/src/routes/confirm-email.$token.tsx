import { createFileRoute } from '@tanstack/react-router';
import { LinkActionPage } from '../features/public-site/registration/link-action-page';

export const Route = createFileRoute('/confirm-email/$token')({
  component: function ConfirmEmailRoute() {
    const { token } = Route.useParams();
    return <LinkActionPage action="confirm-email" token={token} />;
  },
});
