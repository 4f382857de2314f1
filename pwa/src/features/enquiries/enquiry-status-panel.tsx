import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ENQUIRY_STATUSES } from '@shared/schemas/organisations';
import { api, type BaseRecord, readEnvelope } from '../../lib/api';
import { resourceKeys } from '../../lib/resource-keys';
import { RecordHistory } from '../../components/record-history';
import type { HistoryWords } from '../../components/history-change';
import { Dialog, useUnsavedChanges } from '../../components/dialog';
import { statusLabel } from '../../components/panel-format';
import { toast } from '../../components/toasts';
import { FormMessage } from '../../components/form-message';
import { formatMobile } from '@shared/schemas/mobile-number';

const ENQUIRY_PANEL_WIDTH = 500;

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

function StatusForm({ enquiry, onClose }: { enquiry: BaseRecord; onClose: () => void }) {
  const queryClient = useQueryClient();
  const ids = { status: useId(), notes: useId() };
  const [status, setStatus] = useState('');
  const [notes, setNotes] = useState(typeof enquiry.notes === 'string' ? enquiry.notes : '');
  const [error, setError] = useState<string | null>(null);
  const savedNotes = typeof enquiry.notes === 'string' ? enquiry.notes : '';
  const askToClose = useUnsavedChanges(status !== '' || notes !== savedNotes, onClose);

  const update = useMutation({
    mutationFn: () => readEnvelope(api.api.enquiries[':id'].status.$put({ param: { id: enquiry.id }, json: { status, notes: notes.trim() } })),
    onSuccess() {
      toast.success('Enquiry status updated successfully');
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('enquiries') });
      onClose();
    },
    onError() {
      setError('Failed to update enquiry status');
      toast.error('Failed to update enquiry status');
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!status) {
      setError('Please select a status');
      return;
    }
    setError(null);
    update.mutate();
  }

  return (
    <form className="panel-form" onSubmit={onSubmit} noValidate>
      <dl className="panel-dl">
        <dt>Name</dt>
        <dd>{String(enquiry.name ?? '')}</dd>
        <dt>Phone</dt>
        <dd>{formatMobile(String(enquiry.phone ?? enquiry.mobileNumber ?? ''))}</dd>
        <dt>Current status</dt>
        <dd>{statusLabel(enquiry.status)}</dd>
      </dl>
      <div className="field">
        <label htmlFor={ids.status}>Status</label>
        <select id={ids.status} value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
          <option value="">Select a status</option>
          {ENQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.notes}>Notes</label>
        <textarea id={ids.notes} rows={4} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
      </div>
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
