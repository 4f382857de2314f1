import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '../features/public-site/registration/confirm-email-page';

export const Route = createFileRoute('/confirm-email/$token')({
  component: function ConfirmEmailRoute() {
    const { token } = Route.useParams();
    return <ConfirmEmailPage token={token} />;
  },
});
