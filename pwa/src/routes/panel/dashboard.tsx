import { createFileRoute, redirect } from '@tanstack/react-router';
import { PanelTopbar } from '../../components/panel-topbar';
import { meQueryOptions } from '../../features/auth/auth-api';
import { useSession } from '../../features/auth/use-session';
import { errorMessage } from '../../lib/api-error';
import { getToken } from '../../lib/auth-token';

export const Route = createFileRoute('/panel/dashboard')({
  beforeLoad: ({ location }) => {
    if (!getToken()) throw redirect({ to: '/panel', search: { redirect: location.href } });
  },
  loader: ({ context }) => {
    // Start fetching the user early; the screen shows its own loading and error states.
    void context.queryClient.prefetchQuery(meQueryOptions());
  },
  component: Dashboard,
});

function Dashboard() {
  const { me, logout } = useSession();

  return (
    <div className="panel-page">
      <PanelTopbar onLogout={logout} />
      <main className="panel-content">
        <section className="panel-card" aria-labelledby="signed-in-as">
          <h2 id="signed-in-as">Signed in as</h2>
          {me.isPending ? (
            <p className="panel-muted">Loading ...</p>
          ) : me.isError ? (
            <p className="form-message form-message--error" role="alert">
              {errorMessage(me.error, 'Failed to load your account')}
            </p>
          ) : (
            <dl className="panel-user">
              <dt>Name</dt>
              <dd data-testid="me-name">{me.data.name}</dd>
              <dt>Email</dt>
              <dd data-testid="me-email">{me.data.email}</dd>
              <dt>Role</dt>
              <dd data-testid="me-role">{me.data.role}</dd>
            </dl>
          )}
        </section>
      </main>
    </div>
  );
}
