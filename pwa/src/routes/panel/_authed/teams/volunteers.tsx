import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@pwa/features/admin-shell/panel-shell';

export const Route = createFileRoute('/panel/_authed/teams/volunteers')({
  component: Volunteers,
});

function Volunteers() {
  return (
    <ComingSoon
      title="Volunteers Team"
      text="Volunteers and their shifts."
      plans={['Volunteer sign-up and contact details', 'Shift rota per day and gate', 'Check-in app access for door volunteers']}
    />
  );
}
