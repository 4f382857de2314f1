import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { readEnvelope, resourceApi } from '../lib/api';
import { errorMessage } from '../lib/api-error';
import { statusLabel } from './panel-format';
import { formatCreatedOn } from '@shared/dates';
import { resourceKeys } from '../lib/resource-keys';
import { eventQueryOptions } from './event-queries';
import { changeLine, type HistoryWords } from './history-change';
import { CONSENT_KINDS } from '@shared/resources/kinds';
import { CONSENT_PURPOSES, type ConsentPurpose, consentTitle } from '@shared/consent';
import { useIsAdmin } from './panel-session';

type ResourceName = Parameters<typeof resourceApi>[0];

/** One record's changes (`GET /api/<resource>/:id/history`), newest first, under the resource's query keys. */
export function historyQueryOptions(name: ResourceName, id: string) {
  return queryOptions({
    queryKey: resourceKeys.history(name, id),
    queryFn: async () => (await readEnvelope(resourceApi(name)[':id'].history.$get({ param: { id } }))).data,
  });
}

/** One person's consent acts (`GET /api/<resource>/:id/consents`), oldest first. */
function consentsQueryOptions(name: ResourceName, id: string) {
  return queryOptions({
    queryKey: [...resourceKeys.history(name, id), 'consents'],
    queryFn: async () => (await readEnvelope(resourceApi(name)[':id'].consents.$get({ param: { id } }))).data,
  });
}

const purposeTitle = (purpose: string) => ((CONSENT_PURPOSES as readonly string[]).includes(purpose) ? consentTitle(purpose as ConsentPurpose) : purpose);

/**
 * What the person agreed to and withdrew, in time order (decision 059): each act with its purpose, the
 * version of the words they were shown and when the server received it. Organisers only.
 */
function RecordConsents({ name, id }: { name: ResourceName; id: string }) {
  const consents = useQuery(consentsQueryOptions(name, id));
  const acts = consents.data ?? [];
  return (
    <section className="panel-history panel-history--consents" aria-label="Consents">
      <h3>Consents</h3>
      {consents.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(consents.error, 'Failed to load the consents')}
        </p>
      ) : consents.isPending ? (
        <p className="panel-muted">Loading ...</p>
      ) : acts.length === 0 ? (
        <p className="panel-muted">No consent recorded (registered before consents were kept, or by staff)</p>
      ) : (
        <ol className="panel-history__list">
          {acts.map((act) => (
            <li key={act.id} data-testid="consent-act">
              <p>
                <strong>{act.given ? 'Given' : 'Withdrawn'}</strong>: {purposeTitle(act.purpose)}
              </p>
              <p className="panel-muted">{[formatCreatedOn(act.at), `notice ${act.textVersion}`].join(' · ')}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
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
  const isAdmin = useIsAdmin();
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
      {isAdmin && CONSENT_KINDS.includes(config.name) ? <RecordConsents name={config.name} id={id} /> : null}
    </section>
  );
}
