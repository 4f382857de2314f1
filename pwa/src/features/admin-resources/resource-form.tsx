import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { hasMessages, PersonMessages } from './person-messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { BaseRecord } from '../../lib/api';
import { EventPicker } from '../../components/event-picker';
import { PanelImageField } from '../../components/panel-image-field';
import { PrintBadgeButton } from '../../components/print-badge-button';
import { toast } from '../../components/toasts';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useUnsavedChanges } from '../../components/dialog';
import { LeaveGuard } from '../../components/leave-guard';
import { FieldShell, SelectField, TextAreaField, TextField } from '../../components/form/fields';
import { RecordHistory } from '../../components/record-history';
import { badgeOf } from './badge-person';
import { checkboxValue, listOf, listValue, payloadFrom, valuesFrom } from './fields';
import { isNetworkFailure, queueWalkIn } from './offline-queue';
import { getRecord, saveRecord } from './resource-api';
import { usePanelUser } from '../../components/panel-session';
import type { FormField, FormValues, ResourceConfig } from './types';
import { FormMessage } from '../../components/form-message';
import { isStaleEdit, StaleEditReload } from '../../components/stale-edit-reload';
import { placeFieldErrors } from '../../components/form/schema-form';
import { siteSettingsQueryOptions } from '../../components/settings-queries';

const SESSION_EXPIRED = 'Session expired. Please log in again.';

/** What a failed save shows: the server's words, except a refused token, which asks for a new login. */
function saveErrorMessage(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError && failure.status === 401) return SESSION_EXPIRED;
  return errorMessage(failure, fallback);
}

/**
 * The record a save was refused for (409 with it in `data`, the number at fault): this person is already
 * registered for the event with this mobile number. `undefined` for any other failure (a stale edit too).
 */
function existingRecordOf(failure: unknown): BaseRecord | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 409 || !failure.errors?.mobileNumber) return undefined;
  const data = failure.data as BaseRecord | undefined;
  return data && typeof data.id === 'string' ? data : undefined;
}

/** The offline walk-in's confirmation: the visitor is kept on the device and sent when the network returns. */
const WALK_IN_QUEUED = 'No network: the visitor is saved on this device as a walk-in and will be sent when the network returns.';

/** A required field left empty. */
const isMissing = (field: FormField, values: FormValues) => field.required && !(values[field.name] ?? '').trim();

/** The form field an API field is edited in (the same name unless the resource renames it). */
function formFieldOf(config: ResourceConfig, apiField: string): string | undefined {
  const name = config.formFieldOf?.[apiField] ?? apiField;
  return config.fields.some((field) => field.name === name) ? name : undefined;
}

/**
 * Checks the values as the API will: every required field filled, then the resource's own schema on the
 * request body. Each message is keyed by the form field it is about; `''` holds one no field owns.
 */
function checkResourceForm(config: ResourceConfig, values: FormValues): Record<string, string> {
  const found: Record<string, string> = {};
  for (const field of config.fields) {
    if (isMissing(field, values)) found[field.name] = `${field.label} is required`;
  }
  if (Object.keys(found).length > 0) return found;
  if (config.check) return config.check(values);
  if (!config.createSchema) return found;
  const body = config.toPayload ? config.toPayload(values) : payloadFrom(config.fields, values);
  const checked = z.safeParse(config.createSchema, body);
  if (checked.success) return found;
  for (const issue of checked.error.issues) found[formFieldOf(config, String(issue.path[0] ?? '')) ?? ''] ??= issue.message;
  return found;
}

const resolverFor =
  (config: ResourceConfig): Resolver<FormValues> =>
  async (values) => {
    const found = checkResourceForm(config, values);
    if (Object.keys(found).length === 0) return { values, errors: {} };
    const errors: FieldErrors<FormValues> = {};
    // A missing required field is typed 'required', so a resource with one message for every missing field can say it.
    const missing = new Set(config.fields.filter((field) => isMissing(field, values)).map((field) => field.name));
    for (const [name, message] of Object.entries(found)) errors[name || 'root'] = { type: missing.has(name) ? 'required' : 'validate', message };
    return { values: {}, errors };
  };

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
  const form = useForm<FormValues>({
    defaultValues: valuesOf(record),
    resolver: resolverFor(config),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
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
      const message = config.saveError
        ? config.saveError(failure, editing)
        : saveErrorMessage(failure, editing ? config.messages.updateFailed : config.messages.createFailed);
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
      {editing ? <RecordHistory config={config} id={record.id} /> : null}
    </form>
  );
}

/** What every field's frame shows: its label, a required mark (required, or marked so), its hint and width. */
function shownProps(field: FormField, form: UseFormReturn<FormValues>) {
  return { form, name: field.name, label: field.label, required: field.required || field.marked, hint: field.hint, full: field.full };
}

function ResourceField({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const shown = shownProps(field, form);
  if (field.onPick) return <PickedField field={field} form={form} />;
  if (field.settingsList) return <SettingsListField field={field} form={form} list={field.settingsList} />;
  switch (field.type) {
    case 'event':
      return (
        <Controller
          control={form.control}
          name={field.name}
          render={({ field: control, fieldState }) => (
            <EventPicker
              value={control.value ?? ''}
              onChange={control.onChange}
              onBlur={control.onBlur}
              inputRef={control.ref}
              emptyLabel="Select an event"
              error={fieldState.error?.message}
              required={field.required || field.marked}
            />
          )}
        />
      );
    case 'checkbox':
      return <CheckboxField field={field} form={form} />;
    case 'choices':
      return <ChoicesField field={field} form={form} />;
    case 'textarea':
      return <TextAreaField {...shown} rows={3} placeholder={field.placeholder} />;
    case 'select':
      return field.dependsOn ? <DependentSelect field={field} form={form} /> : <SelectField {...shown} options={selectOptions(field)} />;
    case 'datetime':
      return <DateTimeField field={field} form={form} />;
    default:
      return (
        <TextField
          {...shown}
          type={field.type}
          placeholder={field.placeholder}
          autoComplete="off"
          inputMode={field.type === 'number' ? 'decimal' : field.type === 'url' ? 'url' : undefined}
        />
      );
  }
}

/** A select's choices: its empty choice (unless it has a default), then its options. */
function selectOptions(field: FormField, options: readonly string[] = field.options ?? []) {
  return [
    ...(field.defaultValue === undefined ? [{ value: '', label: field.placeholder ?? 'Select' }] : []),
    ...options.map((option) => ({ value: option, label: field.optionLabel ? field.optionLabel(option) : option })),
  ];
}

/** A select whose options follow another field (a city on its state): disabled until that one is chosen. */
function DependentSelect({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const { dependsOn } = field;
  const parent = (dependsOn ? form.watch(dependsOn.field) : '') ?? '';
  const current = form.watch(field.name) ?? '';
  const options = dependsOn && parent ? dependsOn.options(parent) : [];
  // A value stored before the options changed stays choosable rather than silently dropped.
  const kept = current && !options.includes(current) ? [current] : [];
  const choices = selectOptions({ ...field, ...(!parent && dependsOn ? { placeholder: dependsOn.waiting } : {}) }, [...kept, ...options]);
  return <SelectField {...shownProps(field, form)} disabled={!parent} options={choices} />;
}

/** A choice from a list kept in Settings (`settingsList`); a text input while that list is empty. */
function SettingsListField({ field, form, list }: { field: FormField; form: UseFormReturn<FormValues>; list: NonNullable<FormField['settingsList']> }) {
  const settings = useQuery(siteSettingsQueryOptions());
  const options = settings.data?.[list] ?? [];
  const current = form.watch(field.name) ?? '';
  if (options.length === 0) return <TextField {...shownProps(field, form)} type="text" placeholder={field.placeholder} autoComplete="off" />;
  // A value stored before the list changed (or typed before there was one) stays choosable rather than dropped.
  const kept = current && !options.includes(current) ? [current] : [];
  return <SelectField {...shownProps(field, form)} options={selectOptions(field, [...kept, ...options])} />;
}

/** A date and time in event time (Hyderabad), to the minute; no earlier than `notBefore`'s value when it names one. */
function DateTimeField({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const earliest = field.notBefore ? form.watch(field.notBefore) : undefined;
  return <TextField {...shownProps(field, form)} type="datetime-local" step={60} min={(field.notBefore && earliest) || undefined} />;
}

/**
 * A field whose value goes through its `onPick` rule the moment it changes: the values the rule sets are
 * set, and its message shown (or cleared) at once; once the form was sent, a field the rule has no word on
 * is checked again as any other.
 */
function PickedField({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const value = form.watch(field.name) ?? '';
  const earliest = field.notBefore ? form.watch(field.notBefore) : undefined;
  const pick = (next: string) => {
    const outcome = field.onPick!(next, form.getValues());
    for (const [name, set] of Object.entries(outcome.set)) {
      if (name === field.name || set !== form.getValues(name)) form.setValue(name, set, { shouldDirty: true });
    }
    if (outcome.message) form.setError(field.name, { type: 'validate', message: outcome.message });
    else if (outcome.message === null) form.clearErrors(field.name);
    else if (form.formState.isSubmitted) void form.trigger(field.name);
  };
  // Held by the form (its ref takes the focus of a message) but changed only here.
  const { ref } = form.register(field.name);
  return (
    <FieldShell
      {...shownProps(field, form)}
      control={(props) =>
        field.type === 'select' ? (
          <select {...props} ref={ref} name={field.name} value={value} onChange={(event) => pick(event.currentTarget.value)}>
            {selectOptions(field).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...props}
            ref={ref}
            name={field.name}
            type={field.type === 'datetime' ? 'datetime-local' : field.type}
            step={field.type === 'datetime' ? 60 : undefined}
            min={(field.notBefore && earliest) || undefined}
            value={value}
            onChange={(event) => pick(event.currentTarget.value)}
          />
        )
      }
    />
  );
}

/** One checkbox per option, grouped under the field's label; the ticked options are the value. */
function ChoicesField({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const id = useId();
  const required = field.required || field.marked;
  return (
    <Controller
      control={form.control}
      name={field.name}
      render={({ field: control, fieldState }) => {
        const ticked = listOf(control.value);
        const error = fieldState.error?.message;
        return (
          <fieldset className="field field--full" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
            <legend>
              {field.label}
              {required ? (
                <span className="field__required" aria-hidden="true">
                  {' '}
                  *
                </span>
              ) : null}
            </legend>
            <div className="panel-checks">
              {(field.options ?? []).map((option, index) => (
                <label key={option}>
                  <input
                    ref={index === 0 ? control.ref : undefined}
                    type="checkbox"
                    name={field.name}
                    value={option}
                    checked={ticked.includes(option)}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      // Kept in the options' order, whatever order they were ticked in.
                      control.onChange(listValue((field.options ?? []).filter((o) => (o === option ? on : ticked.includes(o)))));
                    }}
                    onBlur={control.onBlur}
                  />
                  {field.optionLabel ? field.optionLabel(option) : option}
                </label>
              ))}
            </div>
            {error ? (
              <p id={`${id}-error`} className="field__error" role="alert">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}

/** A yes/no switch, held in the form's text values as 'true' or ''. */
function CheckboxField({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name={field.name}
      render={({ field: control }) => (
        <div className={field.full ? 'field field--full field--check' : 'field field--check'}>
          <label>
            <input
              ref={control.ref}
              type="checkbox"
              name={field.name}
              checked={control.value === 'true'}
              onChange={(event) => control.onChange(checkboxValue(event.currentTarget.checked))}
              onBlur={control.onBlur}
              aria-describedby={field.hint ? `${id}-hint` : undefined}
            />{' '}
            {field.label}
          </label>
          {field.hint ? (
            <p className="field__hint" id={`${id}-hint`}>
              {field.hint}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}
