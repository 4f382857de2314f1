import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ColumnDef, type RowSelectionState, rowSelectionFeature, rowSortingFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { BaseRecord } from '../../lib/api';
import { WORKBOOK_NOT_MADE } from '../../lib/workbook';
import { downloadList, type ExportFormat, type ExportQuery } from './list-export';
import { formatInr, statusLabel } from '../../components/panel-format';
import { formatCreatedOn, formatEventDate } from '../../lib/dates';
import { PanelStatusFilter } from '../../components/panel-status-filter';
import { EventPicker } from '../../components/event-picker';
import { useStartingEvent } from '../../components/event-queries';
import { PrintBadgeButton } from '../../components/print-badge-button';
import { Dialog } from '../../components/dialog';
import { ImportButton } from './import/import-button';
import { usePanelUser } from '../../components/panel-session';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/api-error';
import { resourceKeys } from '../../lib/resource-keys';
import {
  isNetworkFailure,
  isOffline,
  OFFLINE_NEEDS_NETWORK,
  queueStatusChange,
  queuesOffline,
  retryPending,
  usePendingChanges,
  walkInRow,
} from './offline-queue';
import { ALL_EVENTS, type ListSearch, PAGE_SIZES, type PageSize, screenSearch } from './list-search';
import { GroupMessageButton, takesGroupMessages } from '../messages/group-message-dialog';
import { bulkAction, changeStatus, deleteRecord, everyMatchingRecord, listFilter, listParams, listQueryOptions, statusCountQueryOptions } from './resource-api';
import { badgeOf, hasPass } from './badge-person';
import { DuplicatesPanel } from './duplicates-panel';
import { ResourceForm } from './resource-form';
import type { Column, ResourceConfig } from './types';
import type { PendingChange } from './offline-queue';
import './offline-queue.css';
import './resource-list.css';
import { formatMobile } from '@edge/schemas/mobile-number';

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
    case 'image': {
      const url = row[column.key];
      // No image, an empty cell: a phone's card leaves the line out.
      return typeof url === 'string' && url ? <img className="panel-table__thumb" src={url} alt="" loading="lazy" /> : null;
    }
    case 'period':
      return (
        <>
          <span className="panel-table__line">{formatEventDate(row[column.key])} –</span>{' '}
          <span className="panel-table__line">{formatEventDate(row[column.endKey ?? column.key])}</span>
        </>
      );
    default:
      return (
        <>
          {/* Before the value, which a narrow column may cut short. */}
          {column.badge && row[column.badge.key] === true ? <span className="panel-badge panel-table__badge">{column.badge.text}</span> : null}
          {cellText(row, column) || '—'}
        </>
      );
  }
}

/** The device's last choice of event for the lists (any list: one event at a time is what an organiser works on). */
const LIST_EVENT_KEY = 'eventpro.panel.listEventId';
const rememberedEvent = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(LIST_EVENT_KEY));
const rememberEvent = (eventId: string) => {
  try {
    localStorage.setItem(LIST_EVENT_KEY, eventId);
  } catch {
    // Private mode or a full quota: the choice lasts for this view only.
  }
};

/** Badges for a whole filter are made on the device: a bound keeps the PDF printable. */
const MAX_FILTER_BADGES = 2000;

/** The selection of a view nothing was selected in (one object, so the table's state stays the same between renders). */
const NO_ROWS: RowSelectionState = {};

const tableFeaturesUsed = tableFeatures({ rowSortingFeature, rowSelectionFeature });
type ListColumn = ColumnDef<typeof tableFeaturesUsed, BaseRecord>;

type BulkRequest = { action: 'status'; status: string } | { action: 'delete' };

/**
 * Every admin list screen: title, subtitle, add button, search, event and status filters,
 * sortable columns, serial numbers, page size and jump to page, CSV export, a status menu and Edit/Delete
 * per row (a sticky last column; cards on a phone), bulk work on a selection or the whole filter, and the
 * 760 px form panel; the list reloads when the panel closes. The filter lives in the URL.
 */
export function ResourceScreen({
  config,
  rowAction,
  toolbarExtra,
  children,
}: {
  config: ResourceConfig;
  rowAction?: { label: string; onClick: (row: BaseRecord) => void };
  /** More buttons in the header's toolbar (e.g. an import), before the add button. */
  toolbarExtra?: ReactNode;
  children?: ReactNode;
}) {
  const urlSearch = useSearch({ strict: false }) as ListSearch;
  const search = screenSearch(config, urlSearch);
  const pageSizes = config.pageSizes ?? PAGE_SIZES;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = usePanelUser();
  const isAdmin = user?.role === 'admin';
  const canChangeStatus = isAdmin || (user?.role === 'staff' && config.staff === 'check-in');
  const remembered = rememberedEvent();
  // The device's last choice (all events, or one that still exists), else the featured event, else all.
  const starting = useStartingEvent(remembered === ALL_EVENTS ? null : remembered);
  const list = useQuery({ ...listQueryOptions(config.name, search), enabled: search.eventId !== undefined });
  const [editing, setEditing] = useState<BaseRecord | null | undefined>(undefined);
  /** The file being exported and its step in words; each format's buttons wait only for their own file. */
  const [exporting, setExporting] = useState<{ format: ExportFormat; step: string } | null>(null);
  const [showDuplicates, setShowDuplicates] = useState(false);
  const ids = { q: useId(), size: useId(), jump: useId(), bulkStatus: useId() };
  const params = listParams(search);
  const filter = listFilter(search);

  const setSearch = (patch: Partial<ListSearch>) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, page: undefined, ...patch }), replace: true } as never);

  // Which event to show when the URL names none: the device's last choice (if that event still exists), else
  // the featured one; when there is none, or the events cannot be fetched, every event's records rather than nothing.
  const startingEventId =
    remembered === ALL_EVENTS
      ? ALL_EVENTS
      : starting.settled
        ? starting.eventId !== null && (starting.event?.isFeatured || starting.eventId === remembered)
          ? starting.eventId
          : ALL_EVENTS
        : undefined;
  useEffect(() => {
    if (search.eventId !== undefined || startingEventId === undefined) return;
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, eventId: startingEventId }), replace: true } as never);
  }, [search.eventId, startingEventId, navigate]);
  const chooseEvent = (eventId: string) => {
    const chosen = eventId || ALL_EVENTS;
    rememberEvent(chosen);
    setSearch({ eventId: chosen });
  };

  // The search box updates the URL after a pause in typing.
  const [q, setQ] = useState(search.q ?? '');
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on typing only; `setSearch` changes with the URL it writes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(() => setSearch({ q: q.trim() || undefined }), 300);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const reload = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(config.name) });

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
    onError: (failure) => toast.error(config.name === 'enquiries' ? errorMessage(failure, config.messages.deleteFailed) : config.messages.deleteFailed),
    onSettled: reload,
  });

  const onDelete = (row: BaseRecord) => {
    if (window.confirm(config.messages.confirmDelete)) deleteMutation.mutate(row.id);
  };

  const onExport = async (format: ExportFormat, only?: string[]) => {
    setExporting({ format, step: '' });
    try {
      const { page: _page, limit: _limit, ...filters } = params;
      const query = only ? { ids: only.join(',') } : filters;
      await downloadList(config.name, config.title, query as ExportQuery, format, (step) => setExporting({ format, step }));
    } catch (failure) {
      toast.error(errorMessage(failure, failure instanceof Error && failure.message === WORKBOOK_NOT_MADE ? WORKBOOK_NOT_MADE : 'Export failed'));
    } finally {
      setExporting(null);
    }
  };

  const closeForm = () => {
    setEditing(undefined);
    void reload();
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
  const pageSize = Number(params.limit);
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const total = data?.total ?? 0;
  const hasActions = isAdmin || canChangeStatus || Boolean(rowAction);
  const canBulk = isAdmin || canChangeStatus;

  // Selection: rows of this page, or (`allMatching`) every record the filter matches. A new filter or page starts afresh.
  // The selection is kept with the view it was made in, so it is empty in any other view without an effect to clear it.
  const viewKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ view: string; rows: RowSelectionState; allMatching: boolean }>({ view: viewKey, rows: {}, allMatching: false });
  const rowSelection = selection.view === viewKey ? selection.rows : NO_ROWS;
  const allMatching = selection.view === viewKey && selection.allMatching;
  const setRowSelection = (rows: RowSelectionState) => setSelection({ view: viewKey, rows, allMatching: false });
  const setAllMatching = (all: boolean) => setSelection({ view: viewKey, rows: rowSelection, allMatching: all });
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id] && !walkInIds.has(id));
  const selectedCount = allMatching ? total : selectedIds.length;
  const [bulkStatus, setBulkStatus] = useState('');
  const [confirming, setConfirming] = useState<BulkRequest | null>(null);
  const bulkMutation = useMutation({
    mutationFn: (request: BulkRequest) => bulkAction(config.name, allMatching ? { filter } : { ids: selectedIds }, request),
    onSuccess: (result) => {
      toast.success(result.message);
      setRowSelection({});
      setConfirming(null);
    },
    onError: (failure, request) => toast.error(errorMessage(failure, request.action === 'delete' ? config.messages.deleteFailed : 'Failed to update status')),
    onSettled: reload,
  });
  const runBulk = (request: BulkRequest) => {
    // Deleting, or changing a whole filter, is confirmed first; a status for the rows in view is not.
    if (request.action === 'delete' || allMatching) setConfirming(request);
    else bulkMutation.mutate(request);
  };
  const selectedRows = rows.filter((row) => selectedIds.includes(row.id));
  const badgePeople = allMatching
    ? async () => (await everyMatchingRecord(config.name, search, MAX_FILTER_BADGES)).filter(hasPass).map((row) => badgeOf(config, row))
    : selectedRows.filter(hasPass).map((row) => badgeOf(config, row));
  const printsBadges = rows.some(hasPass);

  const sorting = search.sort ? [{ id: search.sort, desc: search.order === 'desc' }] : [];
  const columns = useMemo<ListColumn[]>(
    () => [
      ...(canBulk
        ? [
            {
              id: 'select',
              header: ({ table }) => (
                <input
                  type="checkbox"
                  aria-label="Select every row on this page"
                  checked={table.getIsAllRowsSelected()}
                  ref={(el) => {
                    if (el) el.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
                  }}
                  onChange={(event) => table.toggleAllRowsSelected(event.currentTarget.checked)}
                />
              ),
              cell: ({ row }) =>
                row.getCanSelect() ? (
                  <input
                    type="checkbox"
                    aria-label={`Select ${String(row.original[config.nameKey] ?? '') || config.singular}`}
                    checked={row.getIsSelected()}
                    onChange={row.getToggleSelectedHandler()}
                  />
                ) : null,
            } satisfies ListColumn,
          ]
        : []),
      { id: 'serial', header: 'S.No' },
      ...config.columns.map(
        // An accessor makes a column sortable to the table; the sorting itself is the server's.
        (column): ListColumn =>
          ({
            id: column.sort ?? column.key,
            accessorFn: (row: BaseRecord) => row[column.key],
            header: column.label,
            enableSorting: Boolean(column.sort),
            meta: column,
          }) as ListColumn,
      ),
      ...(hasActions ? [{ id: 'actions', header: 'Actions' } satisfies ListColumn] : []),
    ],
    [canBulk, hasActions, config],
  );
  const table = useTable({
    features: tableFeaturesUsed,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableRowSelection: (row) => !walkInIds.has(row.original.id),
    state: { sorting, rowSelection },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const [first] = next;
      if (first) setSearch({ sort: first.id, order: first.desc ? 'desc' : 'asc' });
    },
    onRowSelectionChange: (updater) => {
      setRowSelection(typeof updater === 'function' ? updater(rowSelection) : updater);
    },
  });
  const pageAllSelected = rows.length > 0 && table.getIsAllRowsSelected();

  const [jump, setJump] = useState('');
  const onJump = (event: FormEvent) => {
    event.preventDefault();
    const target = Math.min(totalPages, Math.max(1, Math.trunc(Number(jump))));
    if (Number.isFinite(target)) setSearch({ page: target });
    setJump('');
  };

  const columnCount = table.getAllLeafColumns().length;

  return (
    <section className="panel-screen panel-records">
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
          {isAdmin && config.findsDuplicates !== false ? (
            <button type="button" className="button button--ghost" onClick={() => setShowDuplicates(true)}>
              Possible duplicates
            </button>
          ) : null}
          {isAdmin ? <ImportButton config={config} /> : null}
          {isAdmin ? (
            <>
              <button type="button" className="button button--ghost" onClick={() => void onExport('csv')} disabled={exporting?.format === 'csv'}>
                Export CSV
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => void onExport('xlsx')}
                disabled={exporting?.format === 'xlsx'}
                title="An Excel workbook (.xlsx) of the same columns"
              >
                Export Excel
              </button>
            </>
          ) : null}
          {toolbarExtra}
          {isAdmin && config.addLabel ? (
            <button type="button" className="button button--primary" onClick={() => setEditing(null)}>
              {config.addLabel}
            </button>
          ) : null}
        </div>
      </header>

      {exporting?.step ? (
        <div className="panel-export-progress" role="status">
          <span>{exporting.step}</span>
          <progress aria-label={exporting.step} />
        </div>
      ) : null}

      {config.statusOverview ? (
        <StatusOverview config={config} eventId={filter.eventId} active={search.status} onPick={(status) => setSearch({ status })} />
      ) : null}

      <div className="panel-toolbar">
        <div className="field field--grow">
          <label htmlFor={ids.q}>Search</label>
          <input id={ids.q} type="search" value={q} placeholder={config.searchPlaceholder} onChange={(event) => setQ(event.currentTarget.value)} />
        </div>
        {config.eventFilter === false ? null : <EventPicker value={filter.eventId ?? ''} onChange={chooseEvent} emptyLabel="All events" />}
        <PanelStatusFilter statuses={config.statuses} value={search.status} allLabel="All statuses" onChange={(status) => setSearch({ status })} />
      </div>

      {list.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(list.error, config.messages.fetchFailed)}
        </p>
      ) : null}

      {selectedCount > 0 ? (
        <section className="panel-bulk" aria-label="Bulk actions">
          <p className="panel-bulk__count" aria-live="polite">
            <strong>{selectedCount.toLocaleString('en-IN')} selected</strong>
            {allMatching ? ' (everything matching the filter)' : ''}
            {pageAllSelected && !allMatching && total > rows.length ? (
              <button type="button" className="button button--ghost button--small" onClick={() => setAllMatching(true)}>
                Select all {total.toLocaleString('en-IN')} matching
              </button>
            ) : null}
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setRowSelection({});
              }}
            >
              Clear selection
            </button>
          </p>
          <div className="panel-bulk__actions">
            {canChangeStatus ? (
              <form
                className="panel-bulk__status"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (bulkStatus) runBulk({ action: 'status', status: bulkStatus });
                }}
              >
                <label htmlFor={ids.bulkStatus} className="visually-hidden">
                  New status for the selected records
                </label>
                <select id={ids.bulkStatus} value={bulkStatus} onChange={(event) => setBulkStatus(event.currentTarget.value)}>
                  <option value="">Change status to…</option>
                  {config.statuses.map((status) => (
                    <option key={status} value={status}>
                      {statusLabel(status)}
                    </option>
                  ))}
                </select>
                <button type="submit" className="button button--ghost button--small" disabled={!bulkStatus || bulkMutation.isPending}>
                  Apply
                </button>
              </form>
            ) : null}
            {isAdmin ? (
              <>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={exporting?.format === 'csv'}
                  onClick={() => void onExport('csv', allMatching ? undefined : selectedIds)}
                >
                  Export selected (CSV)
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={exporting?.format === 'xlsx'}
                  onClick={() => void onExport('xlsx', allMatching ? undefined : selectedIds)}
                  title="An Excel workbook (.xlsx) of the same columns"
                >
                  Export selected (Excel)
                </button>
              </>
            ) : null}
            {isAdmin && takesGroupMessages(config.name) ? (
              <GroupMessageButton resource={config.name} target={allMatching ? { filter } : { ids: selectedIds }} count={selectedCount} />
            ) : null}
            {printsBadges ? <PrintBadgeButton people={badgePeople} eventId={filter.eventId ?? null} layout="a4-labels" label="Print badges" /> : null}
            {isAdmin ? (
              <button
                type="button"
                className="button button--danger button--small"
                disabled={bulkMutation.isPending}
                onClick={() => runBulk({ action: 'delete' })}
              >
                Delete selected
              </button>
            ) : null}
          </div>
        </section>
      ) : null}

      <div className="panel-table-wrap">
        <table className="panel-table">
          <caption className="visually-hidden">{config.title}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column.columnDef.meta as Column | undefined;
                  const sortedAs = header.column.getIsSorted();
                  const sorted = sortedAs === 'asc' ? 'ascending' : sortedAs === 'desc' ? 'descending' : undefined;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={header.id === 'actions' ? 'panel-table__actions' : header.id === 'select' ? 'panel-table__select' : undefined}
                      aria-sort={header.column.getCanSort() ? (sorted ?? 'none') : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className="panel-sort" onClick={header.column.getToggleSortingHandler()}>
                          {column?.label}
                          <span aria-hidden="true">{sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ' ↕'}</span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {search.eventId === undefined || list.isPending ? (
              <tr>
                <td className="panel-table__empty" colSpan={columnCount}>
                  {config.messages.loading ?? 'Loading ...'}
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td className="panel-table__empty" colSpan={columnCount}>
                  {config.messages.empty ?? 'No records found'}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((tableRow, index) => {
                const row = tableRow.original;
                const name = String(row[config.nameKey] ?? '') || config.singular;
                const isWalkIn = walkInIds.has(row.id);
                const change: PendingChange | undefined = isWalkIn ? { seq: 0, toStatus: row.status ?? '', state: 'waiting' } : pending.changes.get(row.id);
                const walkInEntry = isWalkIn ? pending.walkIns.find((e) => e.id === row.id) : undefined;
                const badge: PendingChange | undefined = walkInEntry
                  ? { seq: walkInEntry.seq!, toStatus: row.status ?? '', state: walkInEntry.state, reason: walkInEntry.reason }
                  : change;
                return (
                  <tr key={row.id} data-pending={badge ? badge.state : undefined} aria-selected={canBulk ? tableRow.getIsSelected() : undefined}>
                    {tableRow.getAllCells().map((cell) => {
                      const id = cell.column.id;
                      if (id === 'select') {
                        return (
                          <td key={cell.id} className="panel-table__select">
                            <table.FlexRender cell={cell} />
                          </td>
                        );
                      }
                      if (id === 'serial') {
                        return (
                          <td key={cell.id} data-label="S.No" className="panel-table__serial">
                            {isWalkIn ? '–' : (page - 1) * pageSize + index - waitingWalkIns.length + 1}
                          </td>
                        );
                      }
                      if (id === 'actions') {
                        return (
                          <td key={cell.id} className="panel-table__actions">
                            {isWalkIn ? null : (
                              <div className="panel-row-actions">
                                {canChangeStatus && !rowAction && config.statusMenu !== false ? (
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
                            )}
                          </td>
                        );
                      }
                      const column = cell.column.columnDef.meta as Column;
                      return (
                        <td
                          key={cell.id}
                          data-label={column.label}
                          className={column.kind === 'status' ? 'panel-table__status' : column.kind === 'period' ? 'panel-table__period' : undefined}
                        >
                          <Cell row={row} column={column} pending={column.kind === 'status' ? badge : undefined} />
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>

      <nav className="panel-pager" aria-label="Pages">
        <span className="panel-muted" data-testid="list-total">
          {data ? `${data.total.toLocaleString('en-IN')} record${data.total === 1 ? '' : 's'} · Page ${page} of ${totalPages}` : ''}
        </span>
        <span className="panel-pager__controls">
          <span className="panel-pager__size">
            <label htmlFor={ids.size}>Rows per page</label>
            <select id={ids.size} value={pageSize} onChange={(event) => setSearch({ size: Number(event.currentTarget.value) as PageSize })}>
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </span>
          <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => setSearch({ page: page - 1 })}>
            Previous
          </button>
          <button type="button" className="button button--ghost button--small" disabled={page >= totalPages} onClick={() => setSearch({ page: page + 1 })}>
            Next
          </button>
          <form className="panel-pager__jump" onSubmit={onJump}>
            <label htmlFor={ids.jump}>Go to page</label>
            <input
              id={ids.jump}
              type="number"
              inputMode="numeric"
              min={1}
              max={totalPages}
              value={jump}
              onChange={(event) => setJump(event.currentTarget.value)}
            />
            <button type="submit" className="button button--ghost button--small" disabled={!jump}>
              Go
            </button>
          </form>
        </span>
      </nav>

      {confirming ? (
        <Dialog title={confirming.action === 'delete' ? 'Delete records' : 'Change status'} onClose={() => setConfirming(null)}>
          <p>
            {confirming.action === 'delete'
              ? `Delete ${selectedCount.toLocaleString('en-IN')} ${selectedCount === 1 ? 'record' : 'records'}? This cannot be undone.`
              : `Change the status of ${selectedCount.toLocaleString('en-IN')} ${selectedCount === 1 ? 'record' : 'records'} to ${statusLabel(confirming.status)}?`}
          </p>
          <div className="panel-form__actions">
            <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button
              type="button"
              className={confirming.action === 'delete' ? 'button button--danger' : 'button button--primary'}
              disabled={bulkMutation.isPending}
              aria-busy={bulkMutation.isPending}
              onClick={() => bulkMutation.mutate(confirming)}
            >
              {bulkMutation.isPending ? 'Working ...' : confirming.action === 'delete' ? 'Delete' : 'Change status'}
            </button>
          </div>
        </Dialog>
      ) : null}
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
function StatusOverview({
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
