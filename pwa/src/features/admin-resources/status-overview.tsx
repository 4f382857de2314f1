import { useQueries } from '@tanstack/react-query';
import { statusLabel } from '../../components/panel-format';
import { statusCountQueryOptions } from './resource-api';
import type { ResourceConfig } from './types';

/** VIP awardees: one count tile per status; a click filters the table, a second click or "Show All" clears it. */
export function StatusOverview({
  config,
  eventId,
  active,
  onPick,
}: {
  config: ResourceConfig;
  eventId: string | undefined;
  active?: string | undefined;
  onPick: (status: string | undefined) => void;
}) {
  const counts = useQueries({ queries: config.statuses.map((status) => statusCountQueryOptions(config.name, status, eventId)) });
  return (
    <section className="panel-card" aria-labelledby="status-overview">
      <div className="panel-screen__header">
        <h2 id="status-overview">Status Overview</h2>
        <button type="button" className="button button--ghost button--small" onClick={() => onPick(undefined)} disabled={!active}>
          Show All
        </button>
      </div>
      <div className="panel-tiles">
        {config.statuses.map((status, index) => (
          <button
            key={status}
            type="button"
            className="panel-tile"
            aria-pressed={active === status}
            data-testid={`status-tile-${status}`}
            onClick={() => onPick(active === status ? undefined : status)}
          >
            <span className="panel-tile__label">{statusLabel(status)}</span>
            <span className="panel-tile__value">{counts[index]?.data ?? '–'}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
