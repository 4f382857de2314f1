import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENQUIRY_STATUSES } from '@shared/schemas/organisations';
import { api, type BaseRecord, readEnvelope } from '../../lib/api';
import { resourceKeys } from '../../lib/resource-keys';
import { RecordHistory } from '../../components/record-history';
import type { HistoryWords } from '../../components/history-change';
import { Dialog, useUnsavedChanges } from '../../components/dialog';
import { statusLabel } from '../../components/panel-format';
import { toast } from '../../components/toasts';
import { FormMessage } from '../../components/form-message';
import { SelectField, TextAreaField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/schema-form';
import { writeFailure } from '../../components/offline-words';
import { statusChangeSchema } from '@edge/schemas/status-change';
import { formatMobile } from '@shared/schemas/mobile-number';

const ENQUIRY_PANEL_WIDTH = 500;

type StatusChange = { status: string; notes?: string | undefined };

/** "Select a status", then every status an enquiry may have. */
const STATUS_CHOICES = [{ value: '', label: 'Select a status' }, ...ENQUIRY_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))];

/** The enquiry's status panel: any status may be set, with optional notes ("Please select a status" when none is chosen); the enquiry's history with its notes below. */
/** `words`: the enquiries' panel description, whose labels the history's edits are told in. */
export function EnquiryStatusPanel({ enquiry, words, onClose }: { enquiry: BaseRecord | null; words: HistoryWords; onClose: () => void }) {
  return enquiry ? (
    <Dialog placement="sheet" title="Update Enquiry Status" width={ENQUIRY_PANEL_WIDTH} onClose={onClose}>
      <StatusForm key={enquiry.id} enquiry={enquiry} onClose={onClose} />
      <RecordHistory key={`history-${enquiry.id}`} config={{ ...words, name: 'enquiries', singular: 'enquiry' }} id={enquiry.id} />
    </Dialog>
  ) : null;
}

/** The status and notes, on the panel's one form approach: react-hook-form over the API's status-change schema. */
function StatusForm({ enquiry, onClose }: { enquiry: BaseRecord; onClose: () => void }) {
  const queryClient = useQueryClient();
  const savedNotes = typeof enquiry.notes === 'string' ? enquiry.notes : '';
  const form = useSchemaForm(statusChangeSchema, { status: '', notes: savedNotes });
  const askToClose = useUnsavedChanges(form.formState.isDirty, onClose);
  const error = form.formState.errors.root?.server?.message ?? null;

  const update = useMutation({
    // Not paused offline: a status with notes is not queued, it says it needs the network.
    networkMode: 'always',
    mutationFn: ({ status, notes }: StatusChange) =>
      readEnvelope(api.api.enquiries[':id'].status.$put({ param: { id: enquiry.id }, json: { status, notes: (notes ?? '').trim() } })),
    onSuccess() {
      toast.success('Enquiry status updated successfully');
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('enquiries') });
      onClose();
    },
    onError(failure) {
      const message = writeFailure(failure, 'Failed to update enquiry status');
      form.setError('root.server', { type: 'server', message });
      toast.error(message);
    },
  });

  return (
    <form className="panel-form" onSubmit={(event) => void form.handleSubmit((change) => update.mutate(change))(event)} noValidate>
      <dl className="panel-dl">
        <dt>Name</dt>
        <dd>{String(enquiry.name ?? '')}</dd>
        <dt>Phone</dt>
        <dd>{formatMobile(String(enquiry.phone ?? enquiry.mobileNumber ?? ''))}</dd>
        <dt>Current status</dt>
        <dd>{statusLabel(enquiry.status)}</dd>
      </dl>
      <SelectField form={form} name="status" label="Status" options={STATUS_CHOICES} />
      <TextAreaField form={form} name="notes" label="Notes" rows={4} />
      <FormMessage kind="error" text={error} />
      <div className="panel-form__actions">
        <button type="button" className="button button--ghost" onClick={askToClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Update Status'}
        </button>
      </div>
    </form>
  );
}
