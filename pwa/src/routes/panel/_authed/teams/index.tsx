import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@pwa/features/admin-shell/panel-shell';

export const Route = createFileRoute('/panel/_authed/teams/')({
  component: Teams,
});

function Teams() {
  return (
    <ComingSoon
      title="Team Management"
      text="The people who run the event, by team."
      plans={['Teams with a lead and members', 'Who is on duty at which gate and when', 'Contact details for the whole crew']}
    />
  );
}
