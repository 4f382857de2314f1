import { useId, useState } from 'react';
import type { BaseRecord } from '../../lib/api';
import { statusLabel } from '../../components/panel-format';
import { PrintBadgeButton } from '../../components/print-badge-button';
import { badgeOf, hasPass } from './badge-person';
import type { ListSearch } from './list-search';
import { GroupMessageButton, takesGroupMessages } from '../messages/group-message-dialog';
import { everyMatchingRecord, listFilter } from './resource-api';
import type { ResourceConfig } from './types';
import type { ListExport } from './use-list-export';
import type { ListSelection } from './use-list-selection';

/** Badges for a whole filter are made on the device: a bound keeps the PDF printable. */
const MAX_FILTER_BADGES = 2000;

/**
 * What can be done to the selection, shown while there is one: how many, "Select all N matching" once the
 * whole page is selected, a status for all, export, a group message, badges and delete.
 */
export function ListBulkBar({
  config,
  search,
  eventId,
  rows,
  total,
  selection,
  listExport,
  isAdmin,
  canChangeStatus,
}: {
  config: ResourceConfig;
  search: ListSearch;
  eventId: string | undefined;
  rows: BaseRecord[];
  total: number;
  selection: ListSelection;
  listExport: ListExport;
  isAdmin: boolean;
  canChangeStatus: boolean;
}) {
  const bulkStatusId = useId();
  const [bulkStatus, setBulkStatus] = useState('');
  const { allMatching, selectedCount, selectedIds, runBulk } = selection;
  const { exporting, exportList } = listExport;
  if (selectedCount === 0) return null;
  const badgePeople = allMatching
    ? async () => (await everyMatchingRecord(config.name, search, MAX_FILTER_BADGES)).filter(hasPass).map((row) => badgeOf(config, row))
    : selection.selectedRows.filter(hasPass).map((row) => badgeOf(config, row));
  const printsBadges = rows.some(hasPass);
  return (
    <section className="panel-bulk" aria-label="Bulk actions">
      <p className="panel-bulk__count" aria-live="polite">
        <strong>{selectedCount.toLocaleString('en-IN')} selected</strong>
        {allMatching ? ' (everything matching the filter)' : ''}
        {selection.pageAllSelected && !allMatching && total > rows.length ? (
          <button type="button" className="button button--ghost button--small" onClick={() => selection.setAllMatching(true)}>
            Select all {total.toLocaleString('en-IN')} matching
          </button>
        ) : null}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            selection.setRowSelection({});
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
            <label htmlFor={bulkStatusId} className="visually-hidden">
              New status for the selected records
            </label>
            <select id={bulkStatusId} value={bulkStatus} onChange={(event) => setBulkStatus(event.currentTarget.value)}>
              <option value="">Change status to…</option>
              {config.statuses.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--ghost button--small" disabled={!bulkStatus || selection.bulkPending}>
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
              onClick={() => void exportList('csv', allMatching ? undefined : selectedIds)}
            >
              Export selected (CSV)
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={exporting?.format === 'xlsx'}
              onClick={() => void exportList('xlsx', allMatching ? undefined : selectedIds)}
              title="An Excel workbook (.xlsx) of the same columns"
            >
              Export selected (Excel)
            </button>
          </>
        ) : null}
        {isAdmin && takesGroupMessages(config.name) ? (
          <GroupMessageButton resource={config.name} target={allMatching ? { filter: listFilter(search) } : { ids: selectedIds }} count={selectedCount} />
        ) : null}
        {printsBadges ? <PrintBadgeButton people={badgePeople} eventId={eventId ?? null} layout="a4-labels" label="Print badges" /> : null}
        {isAdmin ? (
          <button type="button" className="button button--danger button--small" disabled={selection.bulkPending} onClick={() => runBulk({ action: 'delete' })}>
            Delete selected
          </button>
        ) : null}
      </div>
    </section>
  );
}
