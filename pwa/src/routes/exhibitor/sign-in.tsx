import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInScreen } from '../../features/exhibitor-portal/sign-in-screen';
import { portalToken } from '../../lib/portal-token';

/** `/exhibitor/sign-in?m=<mobile>`: the invitation's link fills the number in. A signed-in phone goes on to its booking. */
export const Route = createFileRoute('/exhibitor/sign-in')({
  // The router reads `?m=9876543210` as a number (search values are JSON): the number is taken as its digits.
  validateSearch: (search: Record<string, unknown>): { m?: string } =>
    typeof search.m === 'string' || typeof search.m === 'number' ? { m: String(search.m).slice(0, 20) } : {},
  beforeLoad: () => {
    if (portalToken.get()) throw redirect({ to: '/exhibitor', replace: true });
  },
  component: SignIn,
});

function SignIn() {
  const { m } = Route.useSearch();
  return <SignInScreen mobile={m} />;
}
