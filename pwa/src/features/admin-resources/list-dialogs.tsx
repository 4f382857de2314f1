import type { BaseRecord } from '../../lib/api';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { statusLabel } from '../../components/panel-format';
import { DuplicatesPanel } from './duplicates-panel';
import { ResourceForm } from './resource-form';
import type { ResourceConfig } from './types';
import type { ListSelection } from './use-list-selection';

/** The question before a bulk delete, or a status change of everything the filter matches. */
export function BulkConfirm({ selection }: { selection: ListSelection }) {
  const { confirming, selectedCount } = selection;
  if (!confirming) return null;
  const count = `${selectedCount.toLocaleString('en-IN')} ${selectedCount === 1 ? 'record' : 'records'}`;
  const deleting = confirming.action === 'delete';
  return (
    <ConfirmDialog
      title={deleting ? 'Delete records' : 'Change status'}
      text={deleting ? `Delete ${count}? This cannot be undone.` : `Change the status of ${count} to ${statusLabel(confirming.status)}?`}
      confirmLabel={deleting ? 'Delete' : 'Change status'}
      danger={deleting}
      pending={selection.bulkPending}
      onCancel={selection.cancelConfirm}
      onConfirm={selection.confirmBulk}
    />
  );
}

/** The add/edit form in the panel's side sheet: `null` adds, a record edits, `undefined` is closed. */
export function FormSheet({
  config,
  editing,
  onClose,
  onOpen,
}: {
  config: ResourceConfig;
  editing: BaseRecord | null | undefined;
  onClose: () => void;
  onOpen: (record: BaseRecord) => void;
}) {
  if (editing === undefined) return null;
  return (
    <Dialog placement="sheet" title={editing ? config.formTitle.edit : config.formTitle.create} onClose={onClose}>
      <ResourceForm key={editing?.id ?? 'new'} config={config} record={editing} onClose={onClose} onOpen={onOpen} />
    </Dialog>
  );
}

/** "Possible duplicates" of the resource, in the side sheet. */
export function DuplicatesSheet({ config, open, onClose, onChanged }: { config: ResourceConfig; open: boolean; onClose: () => void; onChanged: () => void }) {
  if (!open) return null;
  return (
    <Dialog placement="sheet" title={`Possible duplicates: ${config.title}`} onClose={onClose}>
      <DuplicatesPanel config={config} onChanged={onChanged} />
    </Dialog>
  );
}
