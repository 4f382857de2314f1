import { hasMessages, PersonMessages } from './person-messages';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import * as z from 'zod/mini';
import type { BaseRecord } from '../../lib/api';
import { PanelEventSelect } from '../../components/panel-event-select';
import { PanelImageField } from '../../components/panel-image-field';
import { PrintBadgeButton } from '../../components/print-badge-button';
import { toast } from '../../components/toasts';
import { ApiError, errorMessage } from '../../lib/api-error';
import { checkboxValue, payloadFrom, valuesFrom } from './fields';
import { isNetworkFailure, isOffline, queueWalkIn } from './offline-queue';
import { getRecord, saveRecord } from './resource-api';
import { usePanelUser } from '../../components/panel-session';
import type { FormField, FormValues, ResourceConfig } from './types';
import { FormMessage } from '../../components/form-message';
import { isStaleEdit, StaleEditReload } from '../../components/stale-edit-reload';

const SESSION_EXPIRED = 'Session expired. Please log in again.';

/** What a failed save shows: the server's words, except a refused token, which asks for a new login. */
export function saveErrorMessage(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError && failure.status === 401) return SESSION_EXPIRED;
  return errorMessage(failure, fallback);
}

/**
 * The record a save was refused for (409 with it in `data`, the number at fault): this person is already
 * registered for the event with this mobile number. `undefined` for any other failure (a stale edit too).
 */
export function existingRecordOf(failure: unknown): BaseRecord | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 409 || !failure.errors?.mobileNumber) return undefined;
  const data = failure.data as BaseRecord | undefined;
  return data && typeof data.id === 'string' ? data : undefined;
}

/** The offline walk-in's confirmation (issue 7): kept on the device, sent when the network returns. */
export const WALK_IN_QUEUED = 'No network: the visitor is saved on this device as a walk-in and will be sent when the network returns.';

/**
 * The add/edit form of every list screen, driven by the resource's description: required fields of
 * seed 001 §5, the API's own schema, the §8 messages where §8 puts them, the §9 close delay.
 */
/** What each resource's people are at the venue, as their badge's band says it. */
const BADGE_TYPES: Partial<Record<ResourceConfig['name'], string>> = {
  awardeesvip: 'VIP awardee',
  stalls: 'Exhibitor',
  awards: 'Nominee',
};

/** What a person's badge prints: name, organisation, what they are here as, and the pass code. */
function badgeOf(config: ResourceConfig, record: BaseRecord) {
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string).trim() : '');
  const organisation = text('organizationName') || text('companyName') || text('organization');
  const type = BADGE_TYPES[config.name] ?? config.singular.charAt(0).toUpperCase() + config.singular.slice(1);
  return { name: text(config.nameKey) || type, ...(organisation ? { organisation } : {}), type, passCode: String(record.passCode) };
}

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
  const initial = () => (record && config.fromRecord ? config.fromRecord(record) : valuesFrom(config.fields, record));
  const [values, setValues] = useState<FormValues>(initial);
  const [version, setVersion] = useState(record?.updatedAt);
  const [imageUrl, setImageUrl] = useState(config.image && record ? (record[config.image.urlField] as string | null) : null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [existing, setExisting] = useState<BaseRecord | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const fail = (message: string) => {
    if (config.errorDisplay === 'toast') toast.error(message);
    setError(message);
  };

  const user = usePanelUser();
  // A new visitor made without network goes to the check-in outbox as a walk-in (issue 7).
  const walkInOffline = !editing && config.name === 'visitors';
  const save = useMutation({
    // Not paused while offline: a walk-in is queued, anything else says the network is missing.
    networkMode: 'always',
    mutationFn: async (body: Record<string, unknown>): Promise<'saved' | 'queued'> => {
      if (walkInOffline && isOffline()) {
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
      if (!editing) {
        setValues(valuesFrom(config.fields, null));
        setFile(null);
      }
      timer.current = window.setTimeout(onClose, config.closeDelayMs);
    },
    onError(failure) {
      const found = existingRecordOf(failure);
      if (found) setExisting(found);
      else if (isStaleEdit(failure)) setStale(true);
      fail(saveErrorMessage(failure, editing ? config.messages.updateFailed : config.messages.createFailed));
    },
  });

  async function reload() {
    if (!record) return;
    try {
      const fresh = await getRecord(config.name, record.id);
      setValues(config.fromRecord ? config.fromRecord(fresh) : valuesFrom(config.fields, fresh));
      setVersion(fresh.updatedAt);
      if (config.image) setImageUrl(fresh[config.image.urlField] as string | null);
      setStale(false);
      setError(null);
    } catch (failure) {
      fail(errorMessage(failure, 'Request failed'));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || success) return;
    setError(null);
    setExisting(null);
    const missing = config.fields.find((field) => field.required && !(values[field.name] ?? '').trim());
    if (missing) {
      fail(config.requiredMessage ?? `${missing.label} is required`);
      return;
    }
    const body = config.toPayload ? config.toPayload(values) : payloadFrom(config.fields, values);
    if (config.createSchema) {
      const checked = z.safeParse(config.createSchema, body);
      if (!checked.success) {
        fail(checked.error.issues[0]?.message ?? (editing ? config.messages.updateFailed : config.messages.createFailed));
        return;
      }
    }
    save.mutate(body);
  }

  const busy = save.isPending;
  const set = (name: string) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  return (
    <form className="panel-form" onSubmit={onSubmit} noValidate>
      <div className="panel-form__grid">
        {config.fields.map((field) => (
          <Field key={field.name} field={field} value={values[field.name] ?? ''} onChange={set(field.name)} />
        ))}
        {config.image ? (
          <PanelImageField label={config.image.label} currentUrl={imageUrl} file={file} onChange={setFile} onError={fail} />
        ) : null}
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
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || success !== null} aria-busy={busy}>
          {busy ? (editing ? 'Updating ...' : 'Creating ...') : editing ? config.submitLabel.edit : config.submitLabel.create}
        </button>
      </div>
      {editing && hasMessages(config.name) ? <PersonMessages resource={config.name} id={record.id} /> : null}
    </form>
  );
}

function Field({ field, value, onChange }: { field: FormField; value: string; onChange: (value: string) => void }) {
  const id = useId();
  if (field.type === 'event') {
    return <PanelEventSelect value={value} onChange={onChange} required={field.required || field.marked} />;
  }
  if (field.type === 'checkbox') {
    return (
      <div className={field.full ? 'field field--full field--check' : 'field field--check'}>
        <label>
          <input type="checkbox" name={field.name} checked={value === 'true'} onChange={(event) => onChange(checkboxValue(event.currentTarget.checked))} aria-describedby={field.hint ? `${id}-hint` : undefined} />{' '}
          {field.label}
        </label>
        {field.hint ? (
          <p className="field__hint" id={`${id}-hint`}>
            {field.hint}
          </p>
        ) : null}
      </div>
    );
  }
  const label = (
    <label htmlFor={id}>
      {field.label}
      {field.required || field.marked ? <span className="field__required" aria-hidden="true"> *</span> : null}
    </label>
  );
  const common = {
    id,
    name: field.name,
    value,
    'aria-required': field.required || undefined,
    placeholder: field.placeholder,
  };
  return (
    <div className={field.full ? 'field field--full' : 'field'}>
      {label}
      {field.type === 'textarea' ? (
        <textarea {...common} onChange={(event) => onChange(event.currentTarget.value)} rows={3} />
      ) : field.type === 'select' ? (
        <select {...common} onChange={(event) => onChange(event.currentTarget.value)}>
          {field.defaultValue === undefined ? <option value="">Select</option> : null}
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {field.optionLabel ? field.optionLabel(option) : option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.type}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          min={field.type === 'number' ? 0 : undefined}
          autoComplete="off"
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </div>
  );
}
