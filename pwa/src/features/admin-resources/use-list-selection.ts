import { useMutation } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import type { BaseRecord } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../components/toasts';
import { writeFailure } from '../../components/offline-words';
import { bulkAction, type listFilter } from './resource-api';
import type { ResourceConfig } from './types';

export type BulkRequest = { action: 'status'; status: string } | { action: 'delete' };

/** The selection of a view nothing was selected in (one object, so the table's state stays the same between renders). */
const NO_ROWS: RowSelectionState = {};

/**
 * The list's selection and its bulk work: rows of this page, or (`allMatching`) every record the filter
 * matches. A new filter or page starts afresh: the selection is kept with the view (`viewKey`) it was made
 * in, so it is empty in any other view without an effect to clear it. Deleting, or changing a whole filter,
 * waits in `confirming` for a yes; a status for the rows in view is sent at once.
 */
export function useListSelection({
  config,
  viewKey,
  filter,
  rows,
  total,
  unselectable,
  reload,
}: {
  config: ResourceConfig;
  viewKey: string;
  filter: ReturnType<typeof listFilter>;
  rows: BaseRecord[];
  total: number;
  /** Rows shown that are not on the server yet (offline walk-ins). */
  unselectable: ReadonlySet<string>;
  reload: () => Promise<unknown>;
}) {
  const [selection, setSelection] = useState<{ view: string; rows: RowSelectionState; allMatching: boolean }>({ view: viewKey, rows: {}, allMatching: false });
  const rowSelection = selection.view === viewKey ? selection.rows : NO_ROWS;
  const allMatching = selection.view === viewKey && selection.allMatching;
  const setRowSelection = (next: RowSelectionState) => setSelection({ view: viewKey, rows: next, allMatching: false });
  const setAllMatching = (all: boolean) => setSelection({ view: viewKey, rows: rowSelection, allMatching: all });
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id] && !unselectable.has(id));
  const selectable = rows.filter((row) => !unselectable.has(row.id));
  const [confirming, setConfirming] = useState<BulkRequest | null>(null);
  const bulkMutation = useMutation({
    // Not paused offline: bulk work is not queued, it says it needs the network.
    networkMode: 'always',
    mutationFn: (request: BulkRequest) => bulkAction(config.name, allMatching ? { filter } : { ids: selectedIds }, request),
    onSuccess: (result) => {
      toast.success(result.message);
      setRowSelection({});
      setConfirming(null);
    },
    onError: (failure, request) =>
      toast.error(writeFailure(failure, errorMessage(failure, request.action === 'delete' ? config.messages.deleteFailed : 'Failed to update status'))),
    onSettled: reload,
  });
  return {
    rowSelection,
    setRowSelection,
    allMatching,
    setAllMatching,
    selectedIds,
    selectedRows: rows.filter((row) => selectedIds.includes(row.id)),
    selectedCount: allMatching ? total : selectedIds.length,
    /** Every selectable row of this page is selected (the table's select-all box is ticked). */
    pageAllSelected: selectable.length > 0 && selectable.every((row) => rowSelection[row.id]),
    confirming,
    cancelConfirm: () => setConfirming(null),
    bulkPending: bulkMutation.isPending,
    confirmBulk: () => confirming && bulkMutation.mutate(confirming),
    runBulk: (request: BulkRequest) => {
      if (request.action === 'delete' || allMatching) setConfirming(request);
      else bulkMutation.mutate(request);
    },
  };
}

export type ListSelection = ReturnType<typeof useListSelection>;
