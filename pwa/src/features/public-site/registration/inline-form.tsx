import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import type { SavedPass } from '@pwa/offline/db';
import { NextSteps } from '../next-steps';
import { useRegistrationClosed } from '../site-data';
import { CityPicker } from './city-picker';
import { useFocusFirstInvalid } from './focus-invalid';
import { useFormTakeover } from './form-takeover';
import {
  type FieldErrors,
  type FormRules,
  INLINE_MOBILE_PATTERN_ATTRIBUTE,
  loadFormRules,
  PROFESSIONAL_TYPES,
  QUEUED_MESSAGE,
  SLOW_SERVER_MESSAGE,
  type Values,
} from './registration-types';

const PassCard = lazy(() => import('./pass-card').then((module) => ({ default: module.PassCard })));

const INLINE_TEXT = {
  visitorSuccess: 'Visitor registration successful!',
  stallSuccess: 'Stall registration successful! We will contact you soon.',
  failed: 'Registration failed. Please try again.',
  error: 'An error occurred. Please try again later.',
} as const;

type Kind = 'visitor' | 'stall';
type Message = { tone: 'success' | 'error' | 'info'; text: string } | null;

interface InlineFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: 'text' | 'tel';
  autoComplete?: string;
  required?: boolean;
  onChange: (value: string) => void;
  /** The browser found the field invalid (required, pattern): show the form's own messages instead of its bubble. */
  onInvalid: () => void;
}

/**
 * A field of the inline form. No `maxLength`: a pasted number or a long name is never cut; the form's
 * schema refuses what is too long with the field's message. A number in another spelling becomes its
 * 10 digits as it is pasted or typed (the form's `setMobile`, form-rules.ts `inlineMobileInput`).
 */
function InlineField({ id, name, label, value, error, type = 'text', autoComplete, required = true, onChange, onInvalid }: InlineFieldProps) {
  const tel = type === 'tel';
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        pattern={tel ? INLINE_MOBILE_PATTERN_ATTRIBUTE : undefined}
        inputMode={tel ? 'tel' : undefined}
        placeholder={tel ? '9876543210' : undefined}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onInvalid={(event) => {
          event.preventDefault();
          onInvalid();
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The inline visitor or stall form: its fields, checked by the shared inline schema (edge/schemas/
 * public-registrations.ts) with each message beside its field, the server's per-field messages likewise,
 * and "Processing..." while it sends.
 */
export function InlineRegistrationForm({ kind, eventName }: { kind: Kind; eventName: string }) {
  const id = useId();
  const [values, setValues] = useState<Values>(kind === 'visitor' ? { workingProfessional: 'Others' } : {});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [pass, setPass] = useState<SavedPass | null>(null);
  const [cityKey, setCityKey] = useState(0);
  const closed = useRegistrationClosed();
  const form = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(form, attempt, Object.keys(errors).length > 0);
  const set = (name: string) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const [rules, setRules] = useState<FormRules | null>(null);
  const loadRules = () =>
    loadFormRules().then((loaded) => {
      setRules(() => loaded);
      return loaded;
    });
  // A number pasted or typed in another spelling becomes its 10 digits as it arrives (once the rules are here).
  const setMobile = (value: string) => {
    if (rules) return set('mobileNumber')(rules.inlineMobileInput(value));
    set('mobileNumber')(value);
    void loadRules().then((loaded) => setValues((current) => ({ ...current, mobileNumber: loaded.inlineMobileInput(current.mobileNumber ?? '') })));
  };
  const live = useFormTakeover(form, ({ mobileNumber, ...typed }) => {
    setValues((current) => ({ ...current, ...typed }));
    if (mobileNumber) setMobile(mobileNumber);
  });
  const check = (loaded: FormRules, formValues: Values) => loaded.checkForm(loaded.INLINE_FORM_SCHEMAS[kind], formValues);
  // The browser refused the form (required, pattern): the form's own messages, on the number as read.
  const showErrors = () =>
    void loadRules().then((loaded) => {
      const read = values.mobileNumber ? { ...values, mobileNumber: loaded.inlineMobileInput(values.mobileNumber) } : values;
      setValues(read);
      const checked = check(loaded, read);
      setErrors(checked.ok ? {} : checked.errors);
    });
  /** What every field of this form is given for its name: its value, its message, its setter (the number's own), the form's refusal handler. */
  const bound = (name: string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: name === 'mobileNumber' ? setMobile : set(name),
    onInvalid: showErrors,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setPass(null);
    setAttempt((count) => count + 1);
    const checked = check(await loadRules(), values);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;

    setBusy(true);
    const { body } = checked;
    const { submitRegistration } = await import('./submit');
    const result = await submitRegistration({
      endpoint: kind === 'visitor' ? '/api/visitors/register' : '/api/stalls/register',
      body,
      name: 'fullName' in body ? body.fullName : body.contactPersonName,
      typeLabel: kind === 'visitor' ? 'Visitor Registration' : 'Book a Stall',
      eventName,
    });
    setBusy(false);
    switch (result.kind) {
      case 'created':
        setMessage({ tone: 'success', text: kind === 'visitor' ? INLINE_TEXT.visitorSuccess : INLINE_TEXT.stallSuccess });
        setPass(result.pass);
        break;
      case 'queued':
        setMessage({ tone: 'info', text: result.reason === 'slow' ? SLOW_SERVER_MESSAGE : QUEUED_MESSAGE });
        break;
      case 'duplicate':
        setMessage({ tone: 'info', text: result.message });
        return;
      case 'failed':
        setErrors(result.errors ?? {});
        setAttempt((count) => count + 1);
        setMessage({
          tone: 'error',
          text: result.serverMessage ? result.message : result.status === 200 ? INLINE_TEXT.failed : INLINE_TEXT.error,
        });
        return;
    }
    setValues(kind === 'visitor' ? { workingProfessional: 'Others' } : {});
    setCityKey((key) => key + 1);
  };

  const title = kind === 'visitor' ? 'Visitor Registration' : 'Stall Registration';
  return (
    <div className="inline-form">
      <h2 id={`${id}-title`} className="inline-form__title">
        {title}
      </h2>
      {closed ? (
        <p className="form__message form__message--info form__closed" role="status">
          {closed}
        </p>
      ) : null}
      <form ref={form} className="form" aria-labelledby={`${id}-title`} onSubmit={onSubmit} onFocus={() => void loadRules()}>
        {kind === 'visitor' ? (
          <>
            <InlineField id={`${id}-name`} {...bound('fullName')} label="Full Name" autoComplete="name" />
            <InlineField id={`${id}-mobile`} {...bound('mobileNumber')} label="Mobile Number" type="tel" autoComplete="tel-national" />
            <div className="field">
              <label htmlFor={`${id}-profession`}>Professional Type</label>
              <select
                id={`${id}-profession`}
                name="workingProfessional"
                value={values.workingProfessional ?? 'Others'}
                onChange={(event) => set('workingProfessional')(event.target.value)}
              >
                {PROFESSIONAL_TYPES.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            </div>
            <InlineField id={`${id}-org`} {...bound('organizationName')} label="Organization Name" autoComplete="organization" required={false} />
            <CityPicker key={cityKey} name="city" label="City" value={values.city ?? ''} error={errors.city} onChange={set('city')} />
          </>
        ) : (
          <>
            <InlineField id={`${id}-company`} {...bound('companyName')} label="Company / Organization Name" autoComplete="organization" />
            <InlineField id={`${id}-name`} {...bound('contactPersonName')} label="Contact Person Name" autoComplete="name" />
            <InlineField id={`${id}-mobile`} {...bound('mobileNumber')} label="Mobile Number" type="tel" autoComplete="tel-national" />
          </>
        )}
        <button type="submit" className="button button--primary form__submit" disabled={!live || busy || closed !== null} data-live={live}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" /> Processing...
            </>
          ) : kind === 'visitor' ? (
            'Register Now'
          ) : (
            'Book Stall'
          )}
        </button>
        <div role="status" aria-live="polite" className="form__status">
          {message ? <p className={`form__message form__message--${message.tone}`}>{message.text}</p> : null}
        </div>
      </form>
      {pass ? (
        <>
          <Suspense fallback={null}>
            <PassCard pass={pass} />
          </Suspense>
          <NextSteps headingLevel={3} />
        </>
      ) : null}
    </div>
  );
}
