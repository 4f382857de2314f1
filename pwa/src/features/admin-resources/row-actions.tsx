import type { BaseRecord } from '../../lib/api';
import { statusLabel } from '../../components/panel-format';
import { useExhibitorMenuItem } from './exhibitor-invite';
import { RowMenu } from './row-menu';
import type { ResourceConfig } from './types';

/**
 * A row's actions, in its sticky last column: the status menu (people at the door change it most), the
 * screen's own action or Edit, and the "⋯" menu with Delete.
 */
export function RowActions({
  config,
  row,
  name,
  isAdmin,
  canChangeStatus,
  rowAction,
  onStatus,
  onEdit,
  onDelete,
}: {
  config: ResourceConfig;
  row: BaseRecord;
  name: string;
  isAdmin: boolean;
  canChangeStatus: boolean;
  rowAction?: { label: string; onClick: (row: BaseRecord) => void } | undefined;
  onStatus: (row: BaseRecord, status: string) => void;
  onEdit: (row: BaseRecord) => void;
  onDelete: (row: BaseRecord) => void;
}) {
  const invite = useExhibitorMenuItem(config.name, row);
  return (
    <div className="panel-row-actions">
      {canChangeStatus && !rowAction && config.statusMenu !== false ? (
        <select aria-label={`Change status of ${name}`} value={row.status ?? ''} onChange={(event) => onStatus(row, event.currentTarget.value)}>
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
        <button type="button" className="button button--ghost button--small" onClick={() => onEdit(row)}>
          Edit<span className="visually-hidden"> {name}</span>
        </button>
      ) : null}
      {isAdmin ? (
        <RowMenu label={`More actions for ${name}`} items={[...(invite ? [invite] : []), { label: 'Delete', danger: true, onSelect: () => onDelete(row) }]} />
      ) : null}
    </div>
  );
}
