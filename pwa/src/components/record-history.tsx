import { queryOptions, useQuery } from '@tanstack/react-query';
import { readEnvelope, resourceApi } from '../lib/api';
import { errorMessage } from '../lib/api-error';
import { statusLabel } from './panel-format';
import { formatCreatedOn } from '../lib/dates';
import { resourceKeys } from '../lib/resource-keys';

type ResourceName = Parameters<typeof resourceApi>[0];

/** One record's changes (`GET /api/<resource>/:id/history`), newest first, under the resource's query keys. */
function historyQueryOptions(name: ResourceName, id: string) {
  return queryOptions({
    queryKey: resourceKeys.history(name, id),
    queryFn: async () => (await readEnvelope(resourceApi(name)[':id'].history.$get({ param: { id } }))).data,
  });
}

/**
 * A record's history in its drawer: each change of status, newest first, with who made it, when, from
 * which device and the notes written with it.
 */
export function RecordHistory({ config, id }: { config: { name: ResourceName; singular: string }; id: string }) {
  const history = useQuery(historyQueryOptions(config.name, id));
  const entries = history.data ?? [];
  return (
    <section className="panel-history" aria-label="History">
      <h3>History</h3>
      {history.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(history.error, `Failed to load the ${config.singular}'s history`)}
        </p>
      ) : history.isPending ? (
        <p className="panel-muted">Loading ...</p>
      ) : entries.length === 0 ? (
        <p className="panel-muted">No changes yet</p>
      ) : (
        <ol className="panel-history__list">
          {entries.map((entry) => (
            <li key={entry.id} data-testid="history-entry">
              <p>
                <strong>{entry.fromStatus ? `${statusLabel(entry.fromStatus)} → ${statusLabel(entry.toStatus)}` : statusLabel(entry.toStatus)}</strong>
              </p>
              <p className="panel-muted">
                {[entry.changedByName || 'Someone', formatCreatedOn(entry.createdAt), entry.deviceName ? `on ${entry.deviceName}` : ''].filter(Boolean).join(' · ')}
              </p>
              {entry.notes ? <p className="panel-history__notes">{entry.notes}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
