import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api, readEnvelope } from '../../lib/api';
import { usePanelUser } from '../../components/panel-session';
import { LiveCounts } from './live-counts';
import { NotKeptOffline } from '../../components/not-kept-offline';
import { panelKeys } from '../../lib/resource-keys';

/** `GET /api/dashboard/stats`: the six tiles and today's check-ins. */
type DashboardStats = Awaited<ReturnType<NonNullable<ReturnType<typeof dashboardQueryOptions>['queryFn']>>>;

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: panelKeys.dashboardStats,
    queryFn: async () => (await readEnvelope(api.api.dashboard.stats.$get({ query: {} }))).data,
  });

const TILES: Array<[label: string, key: keyof Omit<DashboardStats, 'checkInsToday'>]> = [
  ['Total Registrations', 'totalRegistrations'],
  ['Visitors', 'visitors'],
  ['Awards', 'awards'],
  ['Stalls', 'stalls'],
  ['Sponsors', 'sponsors'],
  ['Active Events', 'activeEvents'],
];

/** The dashboard: six tiles, Refresh (disabled and spinning while loading), Settings. */
export function DashboardPage() {
  const user = usePanelUser();
  // The statistics are an admin route; venue staff see their lists instead.
  const staff = user?.role === 'staff';
  const admin = user?.role === 'admin';
  const stats = useQuery({ ...dashboardQueryOptions(), enabled: !staff });
  const loading = stats.isFetching;
  return (
    <section className="panel-screen">
      <header className="panel-screen__header">
        <div>
          <h1>Dashboard</h1>
          <p className="panel-muted">Registrations and events at a glance</p>
        </div>
        <div className="panel-screen__actions">
          <button type="button" className="button button--ghost" onClick={() => void stats.refetch()} disabled={loading} aria-busy={loading}>
            <span className={loading ? 'panel-spin panel-spin--on' : 'panel-spin'} aria-hidden="true" data-testid="refresh-spinner">
              ↻
            </span>
            Refresh
          </button>
          <Link to="/panel/settings" className="button button--ghost">
            <span aria-hidden="true">⚙</span> Settings
          </Link>
        </div>
      </header>
      {staff ? <p className="panel-muted">Registration statistics are shown to administrators. Use the lists in the sidebar.</p> : null}
      <NotKeptOffline kept={staff || stats.data !== undefined}>
        {stats.isError && !staff ? (
          <p className="panel-banner" role="alert">
            Failed to fetch dashboard statistics
          </p>
        ) : null}
      </NotKeptOffline>
      <div className="panel-tiles">
        {TILES.map(([label, key]) => (
          <div key={key} className="panel-tile" data-testid={`tile-${key}`}>
            <span className="panel-tile__label">{label}</span>
            <span className="panel-tile__value">{stats.data ? stats.data[key] : '–'}</span>
          </div>
        ))}
      </div>
      {stats.data ? (
        <div className="panel-card">
          <h2>Checked in today</h2>
          <dl className="panel-dl">
            <dt>Visitors</dt>
            <dd>{stats.data.checkInsToday.visitors}</dd>
            <dt>Guests</dt>
            <dd>{stats.data.checkInsToday.guests}</dd>
            <dt>Speakers</dt>
            <dd>{stats.data.checkInsToday.speakers}</dd>
            <dt>VIP awardees</dt>
            <dd>{stats.data.checkInsToday.awardeesvip}</dd>
          </dl>
        </div>
      ) : null}
      {admin ? <LiveCounts /> : null}
    </section>
  );
}
