import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInScreen } from '../../features/exhibitor-portal/sign-in-screen';
import { portalToken } from '../../features/exhibitor-portal/portal-token';

/** `/exhibitor/sign-in?m=<mobile>`: the invitation's link fills the number in. A signed-in phone goes on to its booking. */
export const Route = createFileRoute('/exhibitor/sign-in')({
  validateSearch: (search: Record<string, unknown>): { m?: string } => (typeof search.m === 'string' ? { m: search.m.slice(0, 20) } : {}),
  beforeLoad: () => {
    if (portalToken.get()) throw redirect({ to: '/exhibitor', replace: true });
  },
  component: SignIn,
});

function SignIn() {
  const { m } = Route.useSearch();
  return <SignInScreen mobile={m} />;
}
