import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BaseRecord } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { useUnsavedChanges } from '../../components/dialog';
import { FormMessage } from '../../components/form-message';
import { placeFieldErrors, useSchemaForm } from '../../components/form/schema-form';
import { LeaveGuard } from '../../components/leave-guard';
import { usePanelUser } from '../../components/panel-session';
import { PanelImageField } from '../../components/panel-image-field';
import { PrintBadgeButton } from '../../components/print-badge-button';
import { RecordHistory } from '../../components/record-history';
import { isStaleEdit, StaleEditReload } from '../../components/stale-edit-reload';
import { toast } from '../../components/toasts';
import { badgeOf } from './badge-person';
import { payloadFrom, valuesFrom } from './fields';
import { existingRecordOf, formFieldOf, resolverFor, saveErrorMessage, WALK_IN_QUEUED } from './form-check';
import { isNetworkFailure, writeFailure } from '../../components/offline-words';
import { queueWalkIn } from './offline-queue';
import { ExhibitorInvite, isExhibitorBooking } from './exhibitor-invite';
import { hasMessages, PersonMessages } from './person-messages';
import { getRecord, saveRecord } from './resource-api';
import { ResourceField } from './resource-fields';
import type { FormValues, ResourceConfig } from './types';

/**
 * The add/edit form of every list screen, driven by the resource's description, on the app's one form
 * approach (react-hook-form): each field's message beside it, from this check or the server's per-field
 * errors, the first invalid field focused; the resource's own messages for saves and failures; the
 * success shown for the resource's close delay. Closing with changes asks first.
 */
export function ResourceForm({
  config,
  record,
  onClose,
  onOpen,
}: {
  config: ResourceConfig;
  record: BaseRecord | null;
  onClose: () => void;
  /** Opens another record in this form (the one a duplicate number belongs to). */
  onOpen?: (record: BaseRecord) => void;
}) {
  const editing = record !== null;
  const valuesOf = (row: BaseRecord | null) => (row && config.fromRecord ? config.fromRecord(row) : valuesFrom(config.fields, row));
  // Checked on the first submit, then as each field changes: a message never appears while the organiser
  // is on the way to Cancel (a blur check would move the button under the pointer).
  const form = useSchemaForm<FormValues, FormValues>(resolverFor(config), valuesOf(record), 'submitted');
  const [version, setVersion] = useState(record?.updatedAt);
  const [imageUrl, setImageUrl] = useState(config.image && record ? (record[config.image.urlField] as string | null) : null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [existing, setExisting] = useState<BaseRecord | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const unsaved = success === null && (form.formState.isDirty || file !== null);
  const askToClose = useUnsavedChanges(unsaved, onClose);

  const fail = (message: string) => {
    if (config.errorDisplay === 'toast') toast.error(message);
    setError(message);
  };

  const user = usePanelUser();
  // A new visitor made without network goes to the check-in outbox as a walk-in.
  const walkInOffline = !editing && config.name === 'visitors';
  const save = useMutation({
    // Not paused while offline: a walk-in is queued, anything else says the network is missing.
    networkMode: 'always',
    mutationFn: async (body: Record<string, unknown>): Promise<'saved' | 'queued'> => {
      if (walkInOffline && !deviceHasNetwork()) {
        await queueWalkIn(body, user?.name ?? 'Panel');
        return 'queued';
      }
      try {
        await saveRecord(config.name, record?.id ?? null, body, file, config.image?.formField, version);
        return 'saved';
      } catch (failure) {
        if (!walkInOffline || !isNetworkFailure(failure)) throw failure;
        await queueWalkIn(body, user?.name ?? 'Panel');
        return 'queued';
      }
    },
    onSuccess(outcome) {
      const message = outcome === 'queued' ? WALK_IN_QUEUED : editing ? config.messages.updated : config.messages.created;
      setSuccess(message);
      if (config.errorDisplay === 'toast') toast.success(message);
      form.reset(editing ? form.getValues() : valuesFrom(config.fields, null));
      if (!editing) setFile(null);
      timer.current = window.setTimeout(onClose, config.closeDelayMs);
    },
    onError(failure) {
      const found = existingRecordOf(failure);
      if (found) setExisting(found);
      else if (isStaleEdit(failure)) setStale(true);
      const message = writeFailure(
        failure,
        config.saveError
          ? config.saveError(failure, editing)
          : saveErrorMessage(failure, editing ? config.messages.updateFailed : config.messages.createFailed),
      );
      const placed = placeFieldErrors(form, failure, (apiField) => formFieldOf(config, apiField));
      // A message already shown beside its field is not repeated in the form's message.
      if (config.errorDisplay === 'toast' || !placed.includes(message)) fail(message);
    },
  });

  async function reload() {
    if (!record) return;
    try {
      const fresh = await getRecord(config.name, record.id);
      form.reset(valuesOf(fresh));
      setVersion(fresh.updatedAt);
      if (config.image) setImageUrl(fresh[config.image.urlField] as string | null);
      setStale(false);
      setError(null);
    } catch (failure) {
      fail(errorMessage(failure, editing ? config.messages.updateFailed : config.messages.createFailed));
    }
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      if (save.isPending || success) return;
      save.mutate(config.toPayload ? config.toPayload(values) : payloadFrom(config.fields, values));
    },
    (errors) => {
      const missing = config.fields.some((field) => errors[field.name]?.type === 'required');
      const unplaced = errors.root?.message;
      if (config.requiredMessage && missing) fail(config.requiredMessage);
      else if (unplaced) fail(unplaced);
      else if (config.errorDisplay === 'toast') toast.error(Object.values(errors).find((e) => e?.message)?.message ?? config.messages.createFailed);
    },
  );

  const busy = save.isPending;

  return (
    <form
      className="panel-form"
      onSubmit={(event) => {
        setError(null);
        setExisting(null);
        void onSubmit(event);
      }}
      noValidate
    >
      <LeaveGuard when={unsaved} />
      <div className="panel-form__grid">
        {config.fields.map((field) => (
          <ResourceField key={field.name} field={field} form={form} />
        ))}
        {config.image ? <PanelImageField label={config.image.label} currentUrl={imageUrl} file={file} onChange={setFile} /> : null}
      </div>
      <FormMessage kind="error" text={config.errorDisplay === 'inline' ? error : null} />
      {error && config.errorDisplay === 'toast' ? (
        <p className="visually-hidden" role="alert">
          {error}
        </p>
      ) : null}
      <StaleEditReload stale={stale} onReload={reload} />
      {existing && onOpen ? (
        <button type="button" className="button button--ghost" onClick={() => onOpen(existing)}>
          Open {String(existing[config.nameKey] ?? '') || `the existing ${config.singular}`}
        </button>
      ) : null}
      <FormMessage kind="success" text={config.errorDisplay === 'inline' ? success : null} />
      <div className="panel-form__actions">
        {record && typeof record.passCode === 'string' && record.passCode ? (
          <PrintBadgeButton people={[badgeOf(config, record)]} eventId={record.eventId as string | null | undefined} />
        ) : null}
        <button type="button" className="button button--ghost" onClick={askToClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || success !== null} aria-busy={busy}>
          {busy ? (editing ? 'Updating ...' : 'Creating ...') : editing ? config.submitLabel.edit : config.submitLabel.create}
        </button>
      </div>
      {editing && hasMessages(config.name) ? <PersonMessages resource={config.name} id={record.id} /> : null}
      {editing && isExhibitorBooking(config.name) ? <ExhibitorInvite resource={config.name} record={record} /> : null}
      {editing ? <RecordHistory config={config} id={record.id} /> : null}
    </form>
  );
}
