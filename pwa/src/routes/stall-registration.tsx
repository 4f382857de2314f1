import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '../features/public-site/registration-page';

export const Route = createFileRoute('/stall-registration')({
  component: () => <RegistrationPage kind="stall" />,
});
