import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import type { BaseRecord } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { resourceKeys } from '../../lib/resource-keys';
import { usePanelUser } from '../../components/panel-session';
import { toast } from '../../components/toasts';
import { useNotKeptOffline } from '../../components/not-kept-offline';
import { BulkConfirm, DuplicatesSheet, FormSheet } from './list-dialogs';
import { ListBulkBar } from './list-bulk-bar';
import { RefusedOffList } from './list-cells';
import { ListPager } from './list-pager';
import { type ListSearch, PAGE_SIZES, screenSearch } from './list-search';
import { ListTable } from './list-table';
import { ListFilters, ListHeader } from './list-toolbar';
import { usePendingChanges, walkInRow } from './offline-queue';
import { listFilter, listParams, listQueryOptions } from './resource-api';
import { StatusOverview } from './status-overview';
import type { ResourceConfig } from './types';
import { useDebouncedSearch } from './use-debounced-search';
import { useListEvent } from './use-list-event';
import { useListExport } from './use-list-export';
import { useListSelection } from './use-list-selection';
import { useRowChanges } from './use-row-changes';
import './offline-queue.css';
import '../../components/records-list.css';

/**
 * Every admin list screen: title, subtitle, add button, search, event and status filters,
 * sortable columns, serial numbers, page size and jump to page, CSV export, a status menu and Edit/Delete
 * per row (a sticky last column; cards on a phone), bulk work on a selection or the whole filter, and the
 * 760 px form panel; the list reloads when the panel closes. The filter lives in the URL.
 *
 * Its parts: list-toolbar (header and filter), list-bulk-bar, list-table (row-actions, list-cells),
 * list-pager, list-dialogs; its data: use-list-event, use-debounced-search, use-row-changes,
 * use-list-export, use-list-selection, offline-queue.
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = usePanelUser();
  const isAdmin = user?.role === 'admin';
  const canChangeStatus = isAdmin || (user?.role === 'staff' && config.staff === 'check-in');
  const list = useQuery({ ...listQueryOptions(config.name, search), enabled: search.eventId !== undefined });
  const [editing, setEditing] = useState<BaseRecord | null | undefined>(undefined);
  const [showDuplicates, setShowDuplicates] = useState(false);
  const params = listParams(search);
  const filter = listFilter(search);

  const setSearch = (patch: Partial<ListSearch>) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, page: undefined, ...patch }), replace: true } as never);
  const chooseEvent = useListEvent(search, setSearch);
  const [q, setQ] = useDebouncedSearch(search.q ?? '', (typed) => setSearch({ q: typed }));

  const reload = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(config.name) });
  useEffect(() => {
    if (list.isError && config.fetchErrorToast) toast.error(errorMessage(list.error, config.messages.fetchFailed));
  }, [list.isError, list.error, config]);

  const pending = usePendingChanges(config.name, reload);
  const rowChanges = useRowChanges(config, reload);
  const listExport = useListExport(config, params);
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
  // Once the list has answered (not while its rows are still coming): refused changes of rows it does not show.
  const shown = new Set(rows.map((row) => row.id));
  const refusedOffList = data ? [...pending.changes].flatMap(([id, change]) => (change.state === 'refused' && !shown.has(id) ? [change] : [])) : [];
  const notKept = useNotKeptOffline(!!list.data || rows.length > 0);
  const page = data?.page ?? search.page ?? 1;
  const pageSize = Number(params.limit);
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const total = data?.total ?? 0;
  const canBulk = isAdmin || canChangeStatus;
  const selection = useListSelection({ config, viewKey: JSON.stringify(params), filter, rows, total, unselectable: walkInIds, reload });

  return (
    <section className="panel-screen panel-records">
      <ListHeader
        config={config}
        isAdmin={isAdmin}
        fetching={list.isFetching}
        listExport={listExport}
        extra={toolbarExtra}
        onRefresh={() => void reload()}
        onDuplicates={() => setShowDuplicates(true)}
        onAdd={() => setEditing(null)}
      />
      {config.statusOverview ? (
        <StatusOverview config={config} eventId={filter.eventId} active={search.status} onPick={(status) => setSearch({ status })} />
      ) : null}
      <ListFilters
        config={config}
        q={q}
        onQ={setQ}
        eventId={filter.eventId}
        onEvent={chooseEvent}
        status={search.status}
        onStatus={(status) => setSearch({ status })}
        answer={search.answer}
        onAnswer={(answer) => setSearch({ answer })}
      />
      {list.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(list.error, config.messages.fetchFailed)}
        </p>
      ) : null}
      <RefusedOffList changes={refusedOffList} />
      <ListBulkBar
        config={config}
        search={search}
        eventId={filter.eventId}
        rows={rows}
        total={total}
        selection={selection}
        listExport={listExport}
        isAdmin={isAdmin}
        canChangeStatus={canChangeStatus}
      />
      <ListTable
        config={config}
        rows={rows}
        waiting={
          // Offline with no copy of this view on the device: said, instead of "Loading ..." for ever.
          notKept ?? (search.eventId === undefined || list.isPending ? (config.messages.loading ?? 'Loading ...') : null)
        }
        walkInIds={walkInIds}
        pending={pending}
        search={search}
        onSort={(sort, order) => setSearch({ sort, order })}
        rowSelection={selection.rowSelection}
        onRowSelection={selection.setRowSelection}
        firstSerial={(page - 1) * pageSize + 1}
        powers={{
          isAdmin,
          canChangeStatus,
          canBulk,
          hasActions: isAdmin || canChangeStatus || Boolean(rowAction),
          rowAction,
          onStatus: rowChanges.changeStatus,
          onEdit: setEditing,
          onDelete: rowChanges.remove,
        }}
      />
      <ListPager
        total={data?.total}
        page={page}
        totalPages={totalPages}
        pageSize={pageSize}
        pageSizes={config.pageSizes ?? PAGE_SIZES}
        onPage={(target) => setSearch({ page: target })}
        onSize={(size) => setSearch({ size })}
      />
      <BulkConfirm selection={selection} />
      <FormSheet config={config} editing={editing} onClose={closeForm} onOpen={setEditing} />
      <DuplicatesSheet config={config} open={showDuplicates} onClose={() => setShowDuplicates(false)} onChanged={() => void reload()} />
      {children}
    </section>
  );
}
