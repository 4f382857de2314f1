import { confirmAction } from '../../components/confirm-host';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMobile } from '@shared/schemas/mobile-number';
import { type BaseRecord, readEnvelope, resourceApi } from '../../lib/api';
import { resourceKeys } from './resource-api';
import { statusLabel } from '../../components/panel-format';
import { formatCreatedOn } from '@shared/dates';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/api-error';
import type { ResourceConfig } from './types';

const REASON = { mobile: 'Same mobile number', name: 'Very similar name, same organisation' } as const;

/** Organisation and pass code as each resource names them. */
const organisationOf = (row: BaseRecord) => String(row.organizationName ?? row.companyName ?? row.organization ?? '');

/**
 * "Possible duplicates" of a resource (admins): groups of records of one event with the same mobile
 * number, or very similar names in one organisation (the server's rule, lib/duplicates.ts). "Keep this
 * one" merges every other record of the group into it: it keeps its pass code and takes their status
 * history; the others are deleted, and each merge is logged.
 */
export function DuplicatesPanel({ config, onChanged }: { config: ResourceConfig; onChanged: () => void }) {
  const groups = useQuery({
    queryKey: resourceKeys.duplicates(config.name),
    queryFn: async () => (await readEnvelope(resourceApi(config.name).duplicates.$get({ query: {} }))).data.groups,
  });
  const [busyGroup, setBusyGroup] = useState<string | null>(null);
  const merge = useMutation({
    mutationFn: async ({ survivor, others }: { survivor: BaseRecord; others: BaseRecord[] }) => {
      for (const other of others) {
        await readEnvelope(resourceApi(config.name).duplicates.merge.$post({ json: { survivorId: survivor.id, mergedId: other.id } }));
      }
    },
    onSuccess(_, { survivor, others }) {
      toast.success(`Merged ${others.length} record${others.length === 1 ? '' : 's'} into ${String(survivor[config.nameKey] ?? config.singular)}`);
      onChanged();
      void groups.refetch();
    },
    onError(failure) {
      toast.error(errorMessage(failure, 'Merge failed'));
      void groups.refetch();
    },
    onSettled() {
      setBusyGroup(null);
    },
  });

  if (groups.isPending) return <p className="panel-muted">Looking for possible duplicates…</p>;
  if (groups.isError) return <p role="alert">{errorMessage(groups.error, 'Failed to load possible duplicates')}</p>;
  if (groups.data.length === 0) return <p className="panel-muted">No possible duplicates.</p>;

  return (
    <div className="panel-duplicates">
      {groups.data.map((group) => {
        const key = `${group.reason}:${group.records.map((r) => r.id).join(',')}`;
        return (
          <section key={key} className="panel-duplicates__group" aria-label={`${REASON[group.reason]}: ${group.label}`}>
            <h3>
              {REASON[group.reason]}: <span>{group.label}</span>
            </h3>
            <ul className="panel-duplicates__records">
              {group.records.map((row) => (
                <li key={row.id} className="panel-duplicates__record">
                  <div>
                    <strong>{String(row[config.nameKey] ?? '')}</strong>
                    <dl className="panel-duplicates__facts">
                      <div>
                        <dt>Phone</dt>
                        <dd>{formatMobile(String(row.mobileNumber ?? '')) || '—'}</dd>
                      </div>
                      <div>
                        <dt>Organization</dt>
                        <dd>{organisationOf(row) || '—'}</dd>
                      </div>
                      <div>
                        <dt>Pass code</dt>
                        <dd>{String(row.passCode ?? '') || '—'}</dd>
                      </div>
                      <div>
                        <dt>Status</dt>
                        <dd>{statusLabel(row.status)}</dd>
                      </div>
                      <div>
                        <dt>Created On</dt>
                        <dd>{formatCreatedOn(row.createdAt)}</dd>
                      </div>
                    </dl>
                  </div>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={busyGroup !== null}
                    aria-label={`Keep this one: ${String(row[config.nameKey] ?? '')}, pass code ${String(row.passCode ?? '')}`}
                    onClick={async () => {
                      const others = group.records.filter((r) => r.id !== row.id);
                      const names = others.map((r) => String(r[config.nameKey] ?? r.id)).join(', ');
                      const sure = await confirmAction({
                        title: 'Merge these records?',
                        text: `Keep this record and merge ${names} into it? The others are deleted; their status history moves here.`,
                        confirmLabel: 'Merge',
                        danger: true,
                      });
                      if (!sure) return;
                      setBusyGroup(key);
                      merge.mutate({ survivor: row, others });
                    }}
                  >
                    {busyGroup === key ? 'Merging…' : 'Keep this one'}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
