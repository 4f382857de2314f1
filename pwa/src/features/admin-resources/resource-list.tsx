import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type BaseRecord, downloadFile } from '../../components/panel-api';
import { formatCreatedOn, formatInr, statusLabel } from '../../components/panel-format';
import { PanelDrawer } from '../../components/panel-drawer';
import { usePanelUser } from '../../components/panel-session';
import { toast } from '../../components/panel-toast';
import { errorMessage } from '../../lib/api-error';
import type { ListSearch } from './list-search';
import { changeStatus, deleteRecord, listParams, listQueryOptions, PAGE_SIZE, statusCountQueryOptions } from './resource-api';
import { ResourceForm } from './resource-form';
import type { Column, ResourceConfig } from './types';

function cellText(row: BaseRecord, column: Column): string {
  for (const key of [column.key, ...(column.fallbackKeys ?? [])]) {
    const value = row[key];
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  return '';
}

function Cell({ row, column }: { row: BaseRecord; column: Column }) {
  switch (column.kind) {
    case 'date':
      return <>{formatCreatedOn(row[column.key])}</>;
    case 'status':
      return <span className="panel-status">{statusLabel(row[column.key])}</span>;
    case 'event':
      return <>{cellText(row, column) || 'No Event'}</>;
    case 'money':
      return <>{formatInr(row[column.key] ?? 0)}</>;
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
  const ids = { q: useId(), status: useId() };
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

  const statusMutation = useMutation({
    mutationFn: ({ id, status }: { id: string; status: string }) => changeStatus(config.name, id, status),
    onSuccess: (result) => toast.success(result.message || 'Status updated'),
    onError: (failure) => toast.error(errorMessage(failure, 'Failed to update status')),
    onSettled: reload,
  });
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
      await downloadFile(`/${config.name}/export.csv`, filters, `${config.name}.csv`);
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
  const rows = data?.items ?? [];
  const page = data?.page ?? params.page;
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
        <div className="field">
          <label htmlFor={ids.status}>Status</label>
          <select id={ids.status} value={search.status ?? ''} onChange={(event) => setSearch({ status: event.currentTarget.value || undefined })}>
            <option value="">All statuses</option>
            {config.statuses.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
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
                return (
                  <tr key={row.id}>
                    <td>{(page - 1) * PAGE_SIZE + index + 1}</td>
                    {config.columns.map((column) => (
                      <td key={column.key}>
                        <Cell row={row} column={column} />
                      </td>
                    ))}
                    {hasActions ? (
                      <td>
                        <div className="panel-row-actions">
                          {canChangeStatus && !rowAction ? (
                            <select
                              aria-label={`Change status of ${name}`}
                              value={row.status ?? ''}
                              onChange={(event) => statusMutation.mutate({ id: row.id, status: event.currentTarget.value })}
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

      <PanelDrawer
        open={editing !== undefined}
        title={editing ? config.formTitle.edit : config.formTitle.create}
        onClose={closeForm}
      >
        {editing !== undefined ? <ResourceForm key={editing?.id ?? 'new'} config={config} record={editing} onClose={closeForm} /> : null}
      </PanelDrawer>
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
