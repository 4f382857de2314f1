import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../features/auth/login-screen';
import { loginSearchSchema, skipLoginWhenSignedIn } from '../../features/auth/login-search';

export const Route = createFileRoute('/panel/')({
  validateSearch: loginSearchSchema,
  beforeLoad: skipLoginWhenSignedIn,
  component: PanelLogin,
});

function PanelLogin() {
  const { redirect } = Route.useSearch();
  return <LoginScreen redirectTo={redirect} />;
}
