import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { EVENT_MESSAGES, EVENT_STATUSES, EVENT_TYPES } from '../../../../edge/schemas/events';
import { api, type BaseRecord, ifMatch, readEnvelope } from '../../lib/api';
import { statusLabel } from '../../components/panel-format';
import { fromEventInput, toEventInput } from '../../lib/dates';
import { PanelImageField } from '../../components/panel-image-field';
// The state → city table is shared with the public registration forms (dependency-free module).
import { changeLocation, citiesOf, INDIA_STATES } from '../../lib/india-locations';
import { checkEventForm, eventSaveError, pickEnd, pickStart } from './event-rules';
import { FormMessage } from '../../components/form-message';
import { isStaleEdit, StaleEditReload } from '../../components/stale-edit-reload';

/** Seed 001 §9: the drawer closes 1.2 s after a save. */
export const EVENT_CLOSE_DELAY_MS = 1200;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The registration window and what a visitor needs to get there, as the form edits them. */
function visitOf(record: BaseRecord | null) {
  return {
    opens: toEventInput(record?.registrationOpensAt),
    closes: toEventInput(record?.registrationClosesAt),
    address: str(record?.address),
    mapUrl: str(record?.mapUrl),
    openingHours: str(record?.openingHours),
    awardsNight: toEventInput(record?.awardsNightAt),
  };
}

/** The event form of seed 001 §5 (create and edit), sent as multipart with the banner. */
export function EventForm({ record, onClose }: { record: BaseRecord | null; onClose: () => void }) {
  const editing = record !== null;
  const ids = {
    name: useId(),
    state: useId(),
    city: useId(),
    start: useId(),
    end: useId(),
    venue: useId(),
    description: useId(),
    status: useId(),
    featured: useId(),
    opens: useId(),
    closes: useId(),
    address: useId(),
    mapUrl: useId(),
    hours: useId(),
    awards: useId(),
  };
  const [eventName, setEventName] = useState(str(record?.eventName));
  const [location, setLocation] = useState({ state: str(record?.state), city: str(record?.city) });
  const [eventTypes, setEventTypes] = useState<string[]>(Array.isArray(record?.eventTypes) ? (record.eventTypes as string[]) : []);
  const [dates, setDates] = useState({ start: toEventInput(record?.startDateTime), end: toEventInput(record?.endDateTime) });
  const [venue, setVenue] = useState(str(record?.venue));
  const [description, setDescription] = useState(str(record?.description));
  const [status, setStatus] = useState(str(record?.status) || 'active');
  const [featured, setFeatured] = useState(Boolean(record?.isFeatured));
  const [visit, setVisit] = useState(() => visitOf(record));
  const [banner, setBanner] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [version, setVersion] = useState(record?.updatedAt);
  const [stale, setStale] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const save = useMutation({
    mutationFn: (form: Record<string, string | string[] | File>) =>
      editing
        ? readEnvelope(api.api.events[':id'].$put({ param: { id: record.id }, form }, ifMatch(version)))
        : readEnvelope(api.api.events.$post({ form })),
    onSuccess() {
      setSuccess(editing ? 'Event updated successfully!' : 'Event created successfully!');
      timer.current = window.setTimeout(onClose, EVENT_CLOSE_DELAY_MS);
    },
    onError(failure) {
      if (isStaleEdit(failure)) setStale(true);
      setError(eventSaveError(failure, editing));
    },
  });

  async function reload() {
    if (!record) return;
    try {
      const { data } = await readEnvelope(api.api.events[':id'].$get({ param: { id: record.id } }));
      setEventName(str(data.eventName));
      setLocation({ state: str(data.state), city: str(data.city) });
      setEventTypes(Array.isArray(data.eventTypes) ? (data.eventTypes as string[]) : []);
      setDates({ start: toEventInput(data.startDateTime), end: toEventInput(data.endDateTime) });
      setVenue(str(data.venue));
      setDescription(str(data.description));
      setStatus(str(data.status) || 'active');
      setFeatured(Boolean(data.isFeatured));
      setVisit(visitOf(data));
      setVersion(data.updatedAt);
      setStale(false);
      setError(null);
    } catch (failure) {
      setError(eventSaveError(failure, true));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || success) return;
    setError(null);
    const values = {
      eventName: eventName.trim(),
      state: location.state.trim(),
      city: location.city.trim(),
      eventTypes,
      startDateTime: dates.start,
      endDateTime: dates.end,
    };
    const problem = checkEventForm(values);
    if (problem) {
      setError(problem);
      return;
    }
    // Both in event time, written the same way: as text they compare as the times they are.
    if (visit.opens && visit.closes && visit.closes < visit.opens) {
      setError(EVENT_MESSAGES.registrationOrder);
      return;
    }
    const form: Record<string, string | string[] | File> = {
      eventName: values.eventName,
      state: values.state,
      city: values.city,
      eventTypes,
      description: description.trim(),
      venue: venue.trim(),
      // The inputs hold Hyderabad time (lib/dates.ts), whatever zone this device is in.
      startDateTime: fromEventInput(dates.start),
      endDateTime: fromEventInput(dates.end),
      status,
      isFeatured: featured ? 'true' : 'false',
      // An emptied date clears it (no limit on that side of the registration window).
      registrationOpensAt: fromEventInput(visit.opens),
      registrationClosesAt: fromEventInput(visit.closes),
      awardsNightAt: fromEventInput(visit.awardsNight),
      address: visit.address.trim(),
      mapUrl: visit.mapUrl.trim(),
      openingHours: visit.openingHours.trim(),
      ...(banner ? { banner } : {}),
    };
    save.mutate(form);
  }

  const cities = citiesOf(location.state);
  const busy = save.isPending;

  return (
    <form className="panel-form" onSubmit={onSubmit} noValidate>
      <div className="panel-form__grid">
        <div className="field field--full">
          <label htmlFor={ids.name}>
            Event Name<span className="field__required" aria-hidden="true"> *</span>
          </label>
          <input id={ids.name} value={eventName} onChange={(e) => setEventName(e.currentTarget.value)} aria-required="true" />
        </div>
        <div className="field">
          <label htmlFor={ids.state}>
            State<span className="field__required" aria-hidden="true"> *</span>
          </label>
          <select id={ids.state} value={location.state} aria-required="true" onChange={(e) => setLocation(changeLocation(location, { state: e.currentTarget.value }))}>
            <option value="">Select state</option>
            {INDIA_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.city}>
            City<span className="field__required" aria-hidden="true"> *</span>
          </label>
          <select
            id={ids.city}
            value={location.city}
            aria-required="true"
            disabled={!location.state}
            onChange={(e) => setLocation(changeLocation(location, { city: e.currentTarget.value }))}
          >
            <option value="">{location.state ? 'Select city' : 'Select a state first'}</option>
            {location.city && !cities.includes(location.city) ? <option value={location.city}>{location.city}</option> : null}
            {cities.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="field field--full">
          <legend>
            Event Types<span className="field__required" aria-hidden="true"> *</span>
          </legend>
          <div className="panel-checks">
            {EVENT_TYPES.map((type) => (
              <label key={type}>
                <input
                  type="checkbox"
                  checked={eventTypes.includes(type)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setEventTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));
                  }}
                />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={ids.start}>
            Start Date &amp; Time<span className="field__required" aria-hidden="true"> *</span>
          </label>
          <input id={ids.start} type="datetime-local" step={60} value={dates.start} onChange={(e) => setDates(pickStart(dates, e.currentTarget.value))} />
        </div>
        <div className="field">
          <label htmlFor={ids.end}>
            End Date &amp; Time<span className="field__required" aria-hidden="true"> *</span>
          </label>
          <input
            id={ids.end}
            type="datetime-local"
            step={60}
            min={dates.start || undefined}
            value={dates.end}
            onChange={(e) => {
              const next = pickEnd(dates, e.currentTarget.value);
              setDates(next.dates);
              if (next.error) setError(next.error);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.venue}>Venue</label>
          <input id={ids.venue} value={venue} onChange={(e) => setVenue(e.currentTarget.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.opens}>Registration Opens</label>
          <input id={ids.opens} type="datetime-local" step={60} value={visit.opens} aria-describedby={`${ids.opens}-hint`} onChange={(e) => setVisit({ ...visit, opens: e.currentTarget.value })} />
          <p id={`${ids.opens}-hint`} className="field__hint">Empty: open now.</p>
        </div>
        <div className="field">
          <label htmlFor={ids.closes}>Registration Closes</label>
          <input id={ids.closes} type="datetime-local" step={60} min={visit.opens || undefined} value={visit.closes} aria-describedby={`${ids.closes}-hint`} onChange={(e) => setVisit({ ...visit, closes: e.currentTarget.value })} />
          <p id={`${ids.closes}-hint`} className="field__hint">Empty: no closing time.</p>
        </div>
        <div className="field field--full">
          <label htmlFor={ids.address}>Full Address</label>
          <input id={ids.address} value={visit.address} autoComplete="off" onChange={(e) => setVisit({ ...visit, address: e.currentTarget.value })} />
        </div>
        <div className="field">
          <label htmlFor={ids.mapUrl}>Map Link</label>
          <input id={ids.mapUrl} type="url" inputMode="url" placeholder="https://maps.google.com/…" value={visit.mapUrl} onChange={(e) => setVisit({ ...visit, mapUrl: e.currentTarget.value })} />
        </div>
        <div className="field">
          <label htmlFor={ids.hours}>Opening Hours</label>
          <input id={ids.hours} placeholder="10:00 AM – 8:00 PM" value={visit.openingHours} onChange={(e) => setVisit({ ...visit, openingHours: e.currentTarget.value })} />
        </div>
        <div className="field">
          <label htmlFor={ids.awards}>Awards Night</label>
          <input id={ids.awards} type="datetime-local" step={60} value={visit.awardsNight} onChange={(e) => setVisit({ ...visit, awardsNight: e.currentTarget.value })} />
        </div>
        <div className="field">
          <label htmlFor={ids.status}>Status</label>
          <select id={ids.status} value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            {EVENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--full">
          <label htmlFor={ids.description}>Description</label>
          <textarea id={ids.description} rows={3} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        </div>
        <PanelImageField label="Banner" currentUrl={record ? (record.bannerUrl as string | null) : null} file={banner} onChange={setBanner} onError={setError} />
        <div className="field field--full panel-checks">
          <label htmlFor={ids.featured}>
            <input id={ids.featured} type="checkbox" checked={featured} onChange={(e) => setFeatured(e.currentTarget.checked)} />
            Featured on the public site
          </label>
        </div>
      </div>
      <FormMessage kind="error" text={error} />
      <StaleEditReload stale={stale} onReload={reload} />
      <FormMessage kind="success" text={success} />
      <div className="panel-form__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || success !== null} aria-busy={busy}>
          {busy ? (editing ? 'Updating ...' : 'Creating ...') : editing ? 'Update Event' : 'Create Event'}
        </button>
      </div>
    </form>
  );
}
