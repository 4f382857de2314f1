import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '../features/public-site/registration-page';

export const Route = createFileRoute('/visitor-registration')({
  component: () => <RegistrationPage kind="visitor" />,
});
