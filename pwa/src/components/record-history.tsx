import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { readEnvelope, resourceApi } from '../lib/api';
import { errorMessage } from '../lib/api-error';
import { statusLabel } from './panel-format';
import { formatCreatedOn } from '@shared/dates';
import { resourceKeys } from '../lib/resource-keys';
import { eventQueryOptions } from './event-queries';
import { changeLine, type HistoryWords } from './history-change';

type ResourceName = Parameters<typeof resourceApi>[0];

/** One record's changes (`GET /api/<resource>/:id/history`), newest first, under the resource's query keys. */
export function historyQueryOptions(name: ResourceName, id: string) {
  return queryOptions({
    queryKey: resourceKeys.history(name, id),
    queryFn: async () => (await readEnvelope(resourceApi(name)[':id'].history.$get({ param: { id } }))).data,
  });
}

/** Where a change was made: the door device's name, or the panel (changes made there carry no device). */
function madeOn(entry: { deviceId: string | null; deviceName: string | null }): string {
  if (entry.deviceName) return `on ${entry.deviceName}`;
  return entry.deviceId === null || entry.deviceId === 'panel' ? 'in the panel' : '';
}

/**
 * A record's history in its drawer, one time line newest first: each change of status and each edit of
 * other fields (every field changed, from what to what, in the panel's words), with who made it, when,
 * from which device and the notes written with it.
 */
export function RecordHistory({ config, id }: { config: HistoryWords & { name: ResourceName; singular: string }; id: string }) {
  const history = useQuery(historyQueryOptions(config.name, id));
  const entries = history.data ?? [];
  // The events the edits moved the record between, each looked up by id (any number of events).
  const eventIds = [
    ...new Set(
      entries.flatMap((entry) =>
        entry.kind === 'edit' ? entry.changes.filter((change) => change.field === 'eventId').flatMap((change) => [change.from, change.to]) : [],
      ),
    ),
  ].filter((id): id is string => typeof id === 'string' && id !== '');
  const events = useQueries({ queries: eventIds.map((id) => eventQueryOptions(id)) });
  const eventName = (eventId: string) => events[eventIds.indexOf(eventId)]?.data?.eventName;
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
              {entry.kind === 'edit' ? (
                <>
                  <p>
                    <strong>Edited</strong>
                  </p>
                  {entry.changes.length > 0 ? (
                    <ul className="panel-history__changes">
                      {entry.changes.map((change) => {
                        const line = changeLine(config, change, eventName);
                        return (
                          <li key={change.field}>
                            {line.label}: <del>{line.from}</del> → <ins>{line.to}</ins>
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                </>
              ) : (
                <p>
                  <strong>{entry.fromStatus ? `${statusLabel(entry.fromStatus)} → ${statusLabel(entry.toStatus)}` : statusLabel(entry.toStatus)}</strong>
                </p>
              )}
              <p className="panel-muted">{[entry.changedByName || 'Someone', formatCreatedOn(entry.createdAt), madeOn(entry)].filter(Boolean).join(' · ')}</p>
              {entry.notes ? <p className="panel-history__notes">{entry.notes}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
