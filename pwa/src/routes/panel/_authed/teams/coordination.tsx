import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@pwa/features/admin-shell/panel-shell';

export const Route = createFileRoute('/panel/_authed/teams/coordination')({
  component: Coordination,
});

function Coordination() {
  return (
    <ComingSoon
      title="Coordination Team"
      text="The coordinators who look after exhibitors, VIPs and the stage."
      plans={['Coordinators per area (stalls, VIP lounge, stage)', 'Hand-over notes between shifts', 'Who to call for what on the day']}
    />
  );
}
