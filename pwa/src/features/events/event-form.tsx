import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { EVENT_STATUSES, EVENT_TYPES } from '../../../../edge/schemas/events';
import { api, type BaseRecord, ifMatch, readEnvelope } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { statusLabel } from '../../components/panel-format';
import { fromEventInput, toEventInput } from '../../lib/dates';
import { PanelImageField } from '../../components/panel-image-field';
// The state → city table is shared with the public registration forms (dependency-free module).
import { citiesOf, INDIA_STATES } from '../../lib/india-locations';
import { checkEventValues, type EventFormValues, eventSaveError, pickEnd, pickStart } from './event-rules';
import { FormMessage } from '../../components/form-message';
import { isStaleEdit, StaleEditReload } from '../../components/stale-edit-reload';
import { useUnsavedChanges } from '../../components/dialog';
import { LeaveGuard } from '../../components/leave-guard';
import { FieldShell, SelectField, TextAreaField, TextField } from '../../components/form/fields';

/** The drawer closes 1.2 s after a save. */
export const EVENT_CLOSE_DELAY_MS = 1200;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function valuesOf(record: BaseRecord | null): EventFormValues {
  return {
    eventName: str(record?.eventName),
    state: str(record?.state),
    city: str(record?.city),
    eventTypes: Array.isArray(record?.eventTypes) ? (record.eventTypes as string[]) : [],
    start: toEventInput(record?.startDateTime),
    end: toEventInput(record?.endDateTime),
    venue: str(record?.venue),
    description: str(record?.description),
    status: str(record?.status) || 'active',
    isFeatured: Boolean(record?.isFeatured),
    opens: toEventInput(record?.registrationOpensAt),
    closes: toEventInput(record?.registrationClosesAt),
    address: str(record?.address),
    mapUrl: str(record?.mapUrl),
    openingHours: str(record?.openingHours),
    awardsNight: toEventInput(record?.awardsNightAt),
  };
}

/** The fields in the order the form shows them: the first invalid one takes the focus. */
const FIELD_ORDER: ReadonlyArray<keyof EventFormValues> = [
  'eventName',
  'state',
  'city',
  'eventTypes',
  'start',
  'end',
  'venue',
  'opens',
  'closes',
  'address',
  'mapUrl',
  'openingHours',
  'awardsNight',
  'status',
  'description',
];

/** The API's name of each field the form edits under another name (its per-field errors come back so). */
const FORM_FIELD_OF: Record<string, keyof EventFormValues> = {
  startDateTime: 'start',
  endDateTime: 'end',
  registrationOpensAt: 'opens',
  registrationClosesAt: 'closes',
  awardsNightAt: 'awardsNight',
};

const resolver: Resolver<EventFormValues> = async (values) => {
  const found = checkEventValues(values);
  if (Object.keys(found).length === 0) return { values, errors: {} };
  const errors: FieldErrors<EventFormValues> = {};
  for (const [name, message] of Object.entries(found)) (errors as Record<string, unknown>)[name] = { type: 'validate', message };
  return { values: {}, errors };
};

/** The event form (create and edit), sent as multipart with the banner. */
export function EventForm({ record, onClose }: { record: BaseRecord | null; onClose: () => void }) {
  const editing = record !== null;
  // The first invalid field is focused in the order the form shows them (`focusFirstError`).
  const form = useForm<EventFormValues>({ defaultValues: valuesOf(record), resolver, mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const [banner, setBanner] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [version, setVersion] = useState(record?.updatedAt);
  const [stale, setStale] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const unsaved = success === null && (form.formState.isDirty || banner !== null);
  const askToClose = useUnsavedChanges(unsaved, onClose);

  const save = useMutation({
    mutationFn: (body: Record<string, string | string[] | File>) =>
      editing
        ? readEnvelope(api.api.events[':id'].$put({ param: { id: record.id }, form: body }, ifMatch(version)))
        : readEnvelope(api.api.events.$post({ form: body })),
    onSuccess() {
      setSuccess(editing ? 'Event updated successfully!' : 'Event created successfully!');
      form.reset(form.getValues());
      timer.current = window.setTimeout(onClose, EVENT_CLOSE_DELAY_MS);
    },
    onError(failure) {
      if (isStaleEdit(failure)) setStale(true);
      const message = eventSaveError(failure, editing);
      const placed: string[] = [];
      for (const [apiField, text] of Object.entries(isApiError(failure) ? (failure.errors ?? {}) : {})) {
        const name = FORM_FIELD_OF[apiField] ?? apiField;
        if (!(name in form.getValues())) continue;
        form.setError(name as keyof EventFormValues, { type: 'server', message: text }, { shouldFocus: placed.length === 0 && name !== 'eventTypes' });
        placed.push(text);
      }
      if (!placed.includes(message)) setError(message);
    },
  });

  async function reload() {
    if (!record) return;
    try {
      const { data } = await readEnvelope(api.api.events[':id'].$get({ param: { id: record.id } }));
      form.reset(valuesOf(data));
      setVersion(data.updatedAt);
      setStale(false);
      setError(null);
    } catch (failure) {
      setError(eventSaveError(failure, true));
    }
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      if (save.isPending || success) return;
      save.mutate({
        eventName: values.eventName.trim(),
        state: values.state.trim(),
        city: values.city.trim(),
        eventTypes: values.eventTypes,
        description: values.description.trim(),
        venue: values.venue.trim(),
        // The inputs hold Hyderabad time (lib/dates.ts), whatever zone this device is in.
        startDateTime: fromEventInput(values.start),
        endDateTime: fromEventInput(values.end),
        status: values.status,
        isFeatured: values.isFeatured ? 'true' : 'false',
        // An emptied date clears it (no limit on that side of the registration window).
        registrationOpensAt: fromEventInput(values.opens),
        registrationClosesAt: fromEventInput(values.closes),
        awardsNightAt: fromEventInput(values.awardsNight),
        address: values.address.trim(),
        mapUrl: values.mapUrl.trim(),
        openingHours: values.openingHours.trim(),
        ...(banner ? { banner } : {}),
      });
    },
    (errors) => {
      setError(errors.root?.message ?? null);
      const first = FIELD_ORDER.find((name) => errors[name]);
      if (first) form.setFocus(first);
    },
  );

  const state = form.watch('state');
  const city = form.watch('city');
  const start = form.watch('start');
  const end = form.watch('end');
  const opens = form.watch('opens');
  const cities = citiesOf(state);
  const busy = save.isPending;
  const typesError = form.formState.errors.eventTypes?.message;

  return (
    <form
      className="panel-form"
      onSubmit={(event) => {
        setError(null);
        void onSubmit(event);
      }}
      noValidate
    >
      <LeaveGuard when={unsaved} />
      <div className="panel-form__grid">
        <TextField form={form} name="eventName" label="Event Name" required full />
        <SelectField
          form={form}
          name="state"
          label="State"
          required
          onValueChange={() => form.setValue('city', '', { shouldDirty: true })}
          options={[{ value: '', label: 'Select state' }, ...INDIA_STATES.map((s) => ({ value: s, label: s }))]}
        />
        <SelectField
          form={form}
          name="city"
          label="City"
          required
          disabled={!state}
          options={[
            { value: '', label: state ? 'Select city' : 'Select a state first' },
            ...(city && !cities.includes(city) ? [{ value: city, label: city }] : []),
            ...cities.map((c) => ({ value: c, label: c })),
          ]}
        />
        <fieldset className="field field--full" aria-invalid={typesError ? true : undefined} aria-describedby={typesError ? 'event-types-error' : undefined}>
          <legend>
            Event Types<span className="field__required" aria-hidden="true"> *</span>
          </legend>
          <div className="panel-checks">
            {EVENT_TYPES.map((type) => (
              <label key={type}>
                <input type="checkbox" value={type} {...form.register('eventTypes')} />
                {type}
              </label>
            ))}
          </div>
          {typesError ? (
            <p id="event-types-error" className="field__error" role="alert">
              {typesError}
            </p>
          ) : null}
        </fieldset>
        <TextField
          form={form}
          name="start"
          label="Start Date & Time"
          required
          type="datetime-local"
          step={60}
          onValueChange={(value) => {
            const next = pickStart({ start: value, end: form.getValues('end') }, value);
            if (next.end !== form.getValues('end')) form.setValue('end', next.end, { shouldDirty: true });
          }}
        />
        <FieldShell
          form={form}
          name="end"
          label="End Date & Time"
          required
          control={(props) => (
            // Held by the form but changed here: an end before the start is refused (and cleared) at once.
            <input
              {...props}
              ref={form.register('end').ref}
              type="datetime-local"
              step={60}
              min={start || undefined}
              value={end}
              onChange={(event) => {
                const next = pickEnd({ start: form.getValues('start'), end: event.currentTarget.value }, event.currentTarget.value);
                form.setValue('end', next.dates.end, { shouldDirty: true });
                if (next.error) form.setError('end', { type: 'validate', message: next.error });
                else form.clearErrors('end');
              }}
            />
          )}
        />
        <TextField form={form} name="venue" label="Venue" />
        <TextField form={form} name="opens" label="Registration Opens" type="datetime-local" step={60} hint="Empty: open now." />
        <TextField form={form} name="closes" label="Registration Closes" type="datetime-local" step={60} min={opens || undefined} hint="Empty: no closing time." />
        <TextField form={form} name="address" label="Full Address" autoComplete="off" full />
        <TextField form={form} name="mapUrl" label="Map Link" type="url" inputMode="url" placeholder="https://maps.google.com/…" />
        <TextField form={form} name="openingHours" label="Opening Hours" placeholder="10:00 AM – 8:00 PM" />
        <TextField form={form} name="awardsNight" label="Awards Night" type="datetime-local" step={60} />
        <SelectField form={form} name="status" label="Status" options={EVENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} />
        <TextAreaField form={form} name="description" label="Description" rows={3} full />
        <PanelImageField label="Banner" currentUrl={record ? (record.bannerUrl as string | null) : null} file={banner} onChange={setBanner} />
        <div className="field field--full panel-checks">
          <label>
            <input type="checkbox" {...form.register('isFeatured')} />
            Featured on the public site
          </label>
        </div>
      </div>
      <FormMessage kind="error" text={error} />
      <StaleEditReload stale={stale} onReload={reload} />
      <FormMessage kind="success" text={success} />
      <div className="panel-form__actions">
        <button type="button" className="button button--ghost" onClick={askToClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || success !== null} aria-busy={busy}>
          {busy ? (editing ? 'Updating ...' : 'Creating ...') : editing ? 'Update Event' : 'Create Event'}
        </button>
      </div>
    </form>
  );
}
