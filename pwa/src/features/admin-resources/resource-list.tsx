import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type BaseRecord, downloadAnswer, resourceApi } from '../../lib/api';
import { formatInr, statusLabel } from '../../components/panel-format';
import { formatCreatedOn } from '../../lib/dates';
import { PanelStatusFilter } from '../../components/panel-status-filter';
import { Dialog } from '../../components/dialog';
import { ImportButton } from './import/import-button';
import { usePanelUser } from '../../components/panel-session';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/api-error';
import { isNetworkFailure, isOffline, OFFLINE_NEEDS_NETWORK, queueStatusChange, queuesOffline, retryPending, usePendingChanges, walkInRow } from './offline-queue';
import type { ListSearch } from './list-search';
import { changeStatus, deleteRecord, listParams, listQueryOptions, PAGE_SIZE, statusCountQueryOptions } from './resource-api';
import { DuplicatesPanel } from './duplicates-panel';
import { ResourceForm } from './resource-form';
import type { Column, ResourceConfig } from './types';
import type { PendingChange } from './offline-queue';
import './offline-queue.css';
import { formatMobile } from '../../../../edge/schemas/mobile-number';

/** "pending" while a change waits in the outbox; "not sent" with the server's reason and a retry when refused. */
function PendingBadge({ pending }: { pending: PendingChange }) {
  if (pending.state !== 'refused') {
    return (
      <span className="panel-badge panel-badge--pending" data-testid="pending-badge" title="Saved on this device; sent when the network returns">
        pending
      </span>
    );
  }
  return (
    <span className="panel-pending-refused" data-testid="refused-badge">
      <span className="panel-badge panel-badge--refused">not sent</span> <span className="panel-muted">{pending.reason}</span>{' '}
      {pending.seq > 0 ? (
        <button type="button" className="button button--ghost button--small" onClick={() => void retryPending(pending.seq)}>
          Retry
        </button>
      ) : null}{' '}
      <Link to="/panel/checkin" className="panel-link">
        Sync status
      </Link>
    </span>
  );
}

function cellText(row: BaseRecord, column: Column): string {
  for (const key of [column.key, ...(column.fallbackKeys ?? [])]) {
    const value = row[key];
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  return '';
}

function Cell({ row, column, pending }: { row: BaseRecord; column: Column; pending?: PendingChange | undefined }) {
  switch (column.kind) {
    case 'date':
      return <>{formatCreatedOn(row[column.key])}</>;
    case 'status':
      return (
        <>
          <span className="panel-status">{statusLabel(row[column.key])}</span>
          {pending ? <PendingBadge pending={pending} /> : null}
        </>
      );
    case 'event':
      return <>{cellText(row, column) || 'No Event'}</>;
    case 'money':
      return <>{formatInr(row[column.key] ?? 0)}</>;
    case 'phone':
      return <>{formatMobile(cellText(row, column)) || '—'}</>;
    default:
      return <>{cellText(row, column) || '—'}</>;
  }
}

/**
 * Every admin list screen (seed 001 §2): title, subtitle, add button, search, status filter, sortable
 * columns, serial numbers, paging, CSV export, a status menu and Edit/Delete per row, and the 760 px
 * form panel; the list reloads when the panel closes.
 */
export function ResourceScreen({
  config,
  rowAction,
  children,
}: {
  config: ResourceConfig;
  rowAction?: { label: string; onClick: (row: BaseRecord) => void };
  children?: ReactNode;
}) {
  const search = useSearch({ strict: false }) as ListSearch;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = usePanelUser();
  const isAdmin = user?.role === 'admin';
  const canChangeStatus = isAdmin || (user?.role === 'staff' && config.staffMayChangeStatus);
  const list = useQuery(listQueryOptions(config.name, search));
  const [editing, setEditing] = useState<BaseRecord | null | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const [showDuplicates, setShowDuplicates] = useState(false);
  const ids = { q: useId() };
  const params = listParams(search);

  const setSearch = (patch: Partial<ListSearch>) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, page: undefined, ...patch }), replace: true } as never);

  // The search box updates the URL after a pause in typing.
  const [q, setQ] = useState(search.q ?? '');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(() => setSearch({ q: q.trim() || undefined }), 300);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['panel', config.name] });

  useEffect(() => {
    if (list.isError && config.fetchErrorToast) toast.error(errorMessage(list.error, config.messages.fetchFailed));
  }, [list.isError, list.error, config]);

  const pending = usePendingChanges(config.name, reload);
  const queueOffline = async (row: BaseRecord, status: string) => {
    if (!queuesOffline(config.name)) {
      toast.error(OFFLINE_NEEDS_NETWORK);
      return;
    }
    const name = String(row[config.nameKey] ?? '') || config.singular;
    try {
      await queueStatusChange(config.name, row, status, `${name}: ${statusLabel(status)}`, user?.name ?? 'Panel');
      toast('Saved on this device — it will be sent when the network returns');
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Failed to update status');
    }
  };
  const statusMutation = useMutation({
    // Never paused: a request that cannot reach the server queues (people) or says so (others).
    networkMode: 'always',
    mutationFn: ({ row, status }: { row: BaseRecord; status: string }) => changeStatus(config.name, row.id, status, undefined, row.updatedAt),
    onSuccess: (result) => toast.success(result.message || 'Status updated'),
    onError: (failure, { row, status }) => {
      if (isNetworkFailure(failure)) void queueOffline(row, status);
      else toast.error(errorMessage(failure, 'Failed to update status'));
    },
    onSettled: reload,
  });
  const onStatus = (row: BaseRecord, status: string) => {
    if (isOffline()) void queueOffline(row, status);
    else statusMutation.mutate({ row, status });
  };
  const deleteMutation = useMutation({
    mutationFn: (id: string) => deleteRecord(config.name, id),
    onSuccess: (result) => toast.success(config.messages.deleted ?? result.message ?? 'Deleted'),
    onError: (failure) =>
      toast.error(config.name === 'enquiries' ? errorMessage(failure, config.messages.deleteFailed) : config.messages.deleteFailed),
    onSettled: reload,
  });

  const onDelete = (row: BaseRecord) => {
    if (window.confirm(config.messages.confirmDelete)) deleteMutation.mutate(row.id);
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const { page: _page, limit: _limit, ...filters } = params;
      await downloadAnswer(resourceApi(config.name)['export.csv'].$get({ query: filters }), `${config.name}.csv`);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Export failed'));
    } finally {
      setExporting(false);
    }
  };

  const closeForm = () => {
    setEditing(undefined);
    void reload();
  };

  const sortBy = (column: Column) => {
    if (!column.sort) return;
    const same = search.sort === column.sort;
    setSearch({ sort: column.sort, order: same && (search.order ?? 'asc') === 'asc' ? 'desc' : 'asc' });
  };

  const data = list.data;
  const serverRows = data?.items ?? [];
  // Walk-ins made offline (visitors): on the first page until the server has them.
  const onServer = new Set(serverRows.map((row) => row.id));
  const waitingWalkIns = (search.page ?? 1) === 1 && !search.status && !search.q ? pending.walkIns.filter((e) => !onServer.has(e.id)).map(walkInRow) : [];
  const walkInIds = new Set(waitingWalkIns.map((row) => row.id));
  const rows = [
    ...waitingWalkIns,
    ...serverRows.map((row) => {
      const change = pending.changes.get(row.id);
      return change && change.state !== 'refused' ? { ...row, status: change.toStatus } : row;
    }),
  ];
  const page = data?.page ?? search.page ?? 1;
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const hasActions = isAdmin || canChangeStatus || Boolean(rowAction);

  return (
    <section className="panel-screen">
      <header className="panel-screen__header">
        <div>
          <h1>{config.title}</h1>
          <p className="panel-muted">{config.subtitle}</p>
        </div>
        <div className="panel-screen__actions">
          <button type="button" className="button button--ghost" onClick={() => void reload()} disabled={list.isFetching}>
            <span className={list.isFetching ? 'panel-spin panel-spin--on' : 'panel-spin'} aria-hidden="true">
              ↻
            </span>
            Refresh
          </button>
          {isAdmin ? (
            <button type="button" className="button button--ghost" onClick={() => setShowDuplicates(true)}>
              Possible duplicates
            </button>
          ) : null}
          {isAdmin ? <ImportButton config={config} /> : null}
          {isAdmin ? (
            <button type="button" className="button button--ghost" onClick={() => void onExport()} disabled={exporting}>
              {exporting ? 'Exporting...' : 'Export CSV'}
            </button>
          ) : null}
          {isAdmin && config.addLabel ? (
            <button type="button" className="button button--primary" onClick={() => setEditing(null)}>
              {config.addLabel}
            </button>
          ) : null}
        </div>
      </header>

      {config.statusOverview ? <StatusOverview config={config} active={search.status} onPick={(status) => setSearch({ status })} /> : null}

      <div className="panel-toolbar">
        <div className="field field--grow">
          <label htmlFor={ids.q}>Search</label>
          <input id={ids.q} type="search" value={q} placeholder={config.searchPlaceholder} onChange={(event) => setQ(event.currentTarget.value)} />
        </div>
        <PanelStatusFilter statuses={config.statuses} value={search.status} allLabel="All statuses" onChange={(status) => setSearch({ status })} />
      </div>

      {list.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(list.error, config.messages.fetchFailed)}
        </p>
      ) : null}

      <div className="panel-table-wrap">
        <table className="panel-table">
          <caption className="visually-hidden">{config.title}</caption>
          <thead>
            <tr>
              <th scope="col">S.No</th>
              {config.columns.map((column) => {
                const sorted = column.sort && search.sort === column.sort ? (search.order === 'desc' ? 'descending' : 'ascending') : undefined;
                return (
                  <th key={column.key} scope="col" aria-sort={sorted ?? (column.sort ? 'none' : undefined)}>
                    {column.sort ? (
                      <button type="button" className="panel-sort" onClick={() => sortBy(column)}>
                        {column.label}
                        <span aria-hidden="true">{sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ' ↕'}</span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
              {hasActions ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.isPending ? (
              <tr>
                <td className="panel-table__empty" colSpan={config.columns.length + 2}>
                  Loading ...
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td className="panel-table__empty" colSpan={config.columns.length + 2}>
                  No records found
                </td>
              </tr>
            ) : (
              rows.map((row, index) => {
                const name = String(row[config.nameKey] ?? '') || config.singular;
                const isWalkIn = walkInIds.has(row.id);
                const change: PendingChange | undefined = isWalkIn ? { seq: 0, toStatus: row.status ?? '', state: 'waiting' } : pending.changes.get(row.id);
                const walkInEntry = isWalkIn ? pending.walkIns.find((e) => e.id === row.id) : undefined;
                const badge: PendingChange | undefined = walkInEntry ? { seq: walkInEntry.seq!, toStatus: row.status ?? '', state: walkInEntry.state, reason: walkInEntry.reason } : change;
                return (
                  <tr key={row.id} data-pending={badge ? badge.state : undefined}>
                    <td>{isWalkIn ? '–' : (page - 1) * PAGE_SIZE + index - waitingWalkIns.length + 1}</td>
                    {config.columns.map((column) => (
                      <td key={column.key}>
                        <Cell row={row} column={column} pending={column.kind === 'status' ? badge : undefined} />
                      </td>
                    ))}
                    {hasActions && isWalkIn ? <td /> : null}
                    {hasActions && !isWalkIn ? (
                      <td>
                        <div className="panel-row-actions">
                          {canChangeStatus && !rowAction ? (
                            <select
                              aria-label={`Change status of ${name}`}
                              value={row.status ?? ''}
                              onChange={(event) => onStatus(row, event.currentTarget.value)}
                            >
                              {row.status && !config.statuses.includes(row.status) ? <option value={row.status}>{statusLabel(row.status)}</option> : null}
                              {config.statuses.map((status) => (
                                <option key={status} value={status}>
                                  {statusLabel(status)}
                                </option>
                              ))}
                            </select>
                          ) : null}
                          {rowAction ? (
                            <button type="button" className="button button--ghost button--small" onClick={() => rowAction.onClick(row)}>
                              {rowAction.label}
                              <span className="visually-hidden"> for {name}</span>
                            </button>
                          ) : null}
                          {isAdmin && config.fields.length > 0 ? (
                            <button type="button" className="button button--ghost button--small" onClick={() => setEditing(row)}>
                              Edit<span className="visually-hidden"> {name}</span>
                            </button>
                          ) : null}
                          {isAdmin ? (
                            <button type="button" className="button button--danger button--small" onClick={() => onDelete(row)}>
                              Delete<span className="visually-hidden"> {name}</span>
                            </button>
                          ) : null}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>

      <nav className="panel-pager" aria-label="Pages">
        <span className="panel-muted">
          {data ? `${data.total} record${data.total === 1 ? '' : 's'} · Page ${page} of ${totalPages}` : ''}
        </span>
        <span className="panel-screen__actions">
          <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => setSearch({ ...search, page: page - 1 })}>
            Previous
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page >= totalPages}
            onClick={() => setSearch({ ...search, page: page + 1 })}
          >
            Next
          </button>
        </span>
      </nav>

      {editing !== undefined ? (
        <Dialog placement="sheet" title={editing ? config.formTitle.edit : config.formTitle.create} onClose={closeForm}>
          <ResourceForm key={editing?.id ?? 'new'} config={config} record={editing} onClose={closeForm} onOpen={setEditing} />
        </Dialog>
      ) : null}
      {showDuplicates ? (
        <Dialog placement="sheet" title={`Possible duplicates: ${config.title}`} onClose={() => setShowDuplicates(false)}>
          <DuplicatesPanel config={config} onChanged={() => void reload()} />
        </Dialog>
      ) : null}
      {children}
    </section>
  );
}

/** VIP awardees: one count tile per status; a click filters the table, a second click or "Show All" clears it. */
function StatusOverview({ config, active, onPick }: { config: ResourceConfig; active?: string | undefined; onPick: (status: string | undefined) => void }) {
  const counts = useQueries({ queries: config.statuses.map((status) => statusCountQueryOptions(config.name, status)) });
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
