import { type ColumnDef, type RowSelectionState, rowSelectionFeature, rowSortingFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { BaseRecord } from '../../lib/api';
import { Cell, cellClass, priorityClass } from './list-cells';
import type { ListSearch } from './list-search';
import type { PendingChange, PendingState } from './offline-queue';
import { RowActions } from './row-actions';
import type { Column, ResourceConfig } from './types';

const tableFeaturesUsed = tableFeatures({ rowSortingFeature, rowSelectionFeature });
type ListColumn = ColumnDef<typeof tableFeaturesUsed, BaseRecord>;

/** What a row of the list can do, and who may (the screen decides from the account and the resource). */
export interface RowPowers {
  isAdmin: boolean;
  canChangeStatus: boolean;
  canBulk: boolean;
  hasActions: boolean;
  rowAction?: { label: string; onClick: (row: BaseRecord) => void } | undefined;
  onStatus: (row: BaseRecord, status: string) => void;
  onEdit: (row: BaseRecord) => void;
  onDelete: (row: BaseRecord) => void;
}

/**
 * The records: select boxes, serial numbers, the resource's columns (sortable by the server, hidden by
 * width per their priority) and each row's actions; offline walk-ins first, changes waiting in the outbox
 * badged on their status.
 */
export function ListTable({
  config,
  rows,
  waiting,
  walkInIds,
  pending,
  search,
  onSort,
  rowSelection,
  onRowSelection,
  firstSerial,
  powers,
}: {
  config: ResourceConfig;
  rows: BaseRecord[];
  /** Why there are no rows to show yet (loading, or offline without a copy); null once they are here. */
  waiting: string | null;
  walkInIds: ReadonlySet<string>;
  pending: PendingState;
  search: ListSearch;
  onSort: (sort: string, order: 'asc' | 'desc') => void;
  rowSelection: RowSelectionState;
  onRowSelection: (rows: RowSelectionState) => void;
  /** The serial number of the first server row on this page. */
  firstSerial: number;
  powers: RowPowers;
}) {
  const { canBulk, hasActions } = powers;
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
      if (first) onSort(first.id, first.desc ? 'desc' : 'asc');
    },
    onRowSelectionChange: (updater) => {
      onRowSelection(typeof updater === 'function' ? updater(rowSelection) : updater);
    },
  });
  const columnCount = table.getAllLeafColumns().length;

  return (
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
                    className={header.id === 'actions' ? 'panel-table__actions' : header.id === 'select' ? 'panel-table__select' : priorityClass(column)}
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
          {waiting !== null ? (
            <tr>
              <td className="panel-table__empty" colSpan={columnCount}>
                {waiting}
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
              const walkInEntry = isWalkIn ? pending.walkIns.find((e) => e.id === row.id) : undefined;
              const badge: PendingChange | undefined = walkInEntry
                ? { seq: walkInEntry.seq!, label: walkInEntry.label, toStatus: row.status ?? '', state: walkInEntry.state, reason: walkInEntry.reason }
                : pending.changes.get(row.id);
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
                          {isWalkIn ? '–' : firstSerial + index - walkInIds.size}
                        </td>
                      );
                    }
                    if (id === 'actions') {
                      return (
                        <td key={cell.id} className="panel-table__actions">
                          {isWalkIn ? null : <RowActions config={config} row={row} name={name} {...powers} />}
                        </td>
                      );
                    }
                    const column = cell.column.columnDef.meta as Column;
                    return (
                      <td key={cell.id} data-label={column.label} className={cellClass(column)}>
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
  );
}
