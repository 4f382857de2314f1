import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { type FormEvent, useState } from 'react';
import { checkForm } from '@edge/schemas/check-form';
import { walkInFieldsSchema } from '@edge/schemas/checkin';
import { type Actor, registerWalkIn } from '../../offline/checkin-outbox';
import type { RosterPerson } from '../../offline/checkin-types';
import { refreshOutbox, syncNow } from '../../offline/checkin-sync';

interface Props {
  eventId: string;
  actor: Actor;
  onDone(person: RosterPerson): void;
  onCancel(): void;
}

/** A visitor registered at the desk (registered at venue): on this device at once, sent when online. */
export function WalkInForm({ eventId, actor, onDone, onCancel }: Props) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      id: '00000000-0000-7000-8000-000000000000', // checked shape only; the store makes the real id
      eventId,
      fullName: String(form.get('fullName') ?? ''),
      mobileNumber: String(form.get('mobileNumber') ?? ''),
      organizationName: String(form.get('organizationName') ?? ''),
      city: String(form.get('city') ?? ''),
    };
    const checked = checkForm(walkInFieldsSchema, input);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { id: _id, ...data } = checked.body;
      const person = await registerWalkIn(data, actor);
      void refreshOutbox();
      if (deviceHasNetwork()) void syncNow(true);
      onDone(person);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string, label: string, props: Record<string, string | boolean> = {}) => (
    <label className="ci-field">
      <span>{label}</span>
      <input name={name} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `wi-${name}-error` : undefined} {...props} />
      {errors[name] && (
        <small id={`wi-${name}-error`} className="ci-error">
          {errors[name]}
        </small>
      )}
    </label>
  );

  return (
    <form className="ci-card ci-walkin" onSubmit={(e) => void submit(e)} aria-label="Register a walk-in visitor" noValidate>
      <h2>Walk-in visitor</h2>
      {field('fullName', 'Full name', { autoComplete: 'off', required: true, autoFocus: true })}
      {field('mobileNumber', 'Mobile number', { inputMode: 'tel', autoComplete: 'off', required: true })}
      {field('organizationName', 'Organisation (optional)', { autoComplete: 'off' })}
      {field('city', 'City (optional)', { autoComplete: 'off' })}
      <div className="ci-row">
        <button type="submit" className="ci-action" disabled={busy}>
          Register at venue
        </button>
        <button type="button" className="ci-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
