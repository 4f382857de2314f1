import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { EMAIL_LABEL } from '@shared/schemas/vocabulary';
import { ChunkBoundary } from '@pwa/components/chunk-boundary';
import type { SavedPass } from '@pwa/offline/db';
import { holdSubmission } from '@pwa/offline/public-outbox-signal';
import { useLocale } from '../i18n/locale';
import { NextSteps } from '../next-steps';
import { useRegistrationClosed } from '../site-data';
import { CityPicker } from './city-picker';
import { ConsentLine } from './consent-line';
import { type FamilyMember, FamilyMembers } from './family-members';
import { NextEdition } from './next-edition';
import { useFocusFirstInvalid } from './focus-invalid';
import { useFormTakeover } from './form-takeover';
import { refusalAdvice } from './outbox-report';
import { useQueuedEntry } from './queued-entry';
import { ExhibitorsConsentBox, QuestionFields, useVisitorQuestions } from './visitor-questions';
import {
  type FieldErrors,
  type FormRules,
  withoutField,
  heldReason,
  INLINE_MOBILE_PATTERN_ATTRIBUTE,
  loadFormRules,
  loadSubmitKit,
  PROFESSIONAL_TYPES,
  queuedMessage,
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
  type?: 'text' | 'tel' | 'email';
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
  const { t } = useLocale();
  return (
    <div className="field">
      <label htmlFor={id}>
        {t(label)}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        pattern={tel ? INLINE_MOBILE_PATTERN_ATTRIBUTE : undefined}
        inputMode={tel ? 'tel' : type === 'email' ? 'email' : undefined}
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
          {t(error)}
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
  const { t } = useLocale();
  const [values, setValues] = useState<Values>(kind === 'visitor' ? { workingProfessional: 'Others' } : {});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [pass, setPass] = useState<SavedPass | null>(null);
  // The submission this form kept on the device, followed until it is sent or refused.
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const [cityKey, setCityKey] = useState(0);
  // The people registering with this visitor (decision 077), with their messages keyed `<index>.<field>`.
  const [family, setFamily] = useState<FamilyMember[]>([]);
  const [familyErrors, setFamilyErrors] = useState<FieldErrors>({});
  const closed = useRegistrationClosed();
  const visitorQuestions = useVisitorQuestions(kind === 'visitor', (field) => setErrors((current) => withoutField(current, field)));
  const form = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(form, attempt, Object.keys(errors).length + Object.keys(familyErrors).length + Object.keys(visitorQuestions.errors).length > 0);
  // A field's message goes as soon as the field changes: never a stale "mobile number is required" beside a corrected number.
  const set = (name: string) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => withoutField(current, name));
  };
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
    void loadRules().then(
      (loaded) => setValues((current) => ({ ...current, mobileNumber: loaded.inlineMobileInput(current.mobileNumber ?? '') })),
      () => undefined, // not loaded (no network): the number is read when the form is sent
    );
  };
  const live = useFormTakeover(form, ({ mobileNumber, ...typed }) => {
    setValues((current) => ({ ...current, ...typed }));
    if (mobileNumber) setMobile(mobileNumber);
  });
  const check = (loaded: FormRules, formValues: Values) => loaded.checkForm(loaded.INLINE_FORM_SCHEMAS[kind], formValues);
  // The browser refused the form (required, pattern): the form's own messages, on the number as read.
  const showErrors = () =>
    void loadRules().then(
      (loaded) => {
        const read = values.mobileNumber ? { ...values, mobileNumber: loaded.inlineMobileInput(values.mobileNumber) } : values;
        setValues(read);
        const checked = check(loaded, read);
        setErrors(checked.ok ? {} : checked.errors);
        checkFamily(loaded);
      },
      () => undefined, // not loaded (no network): the browser's own marks stay
    );
  /** Each person registered with the visitor, checked by the same rules as the visitor's name and number; their messages shown. */
  const checkFamily = (loaded: FormRules) => {
    const members = family.map((member) => loaded.checkForm(loaded.INLINE_FAMILY_MEMBER_SCHEMA, member));
    const memberErrors: FieldErrors = Object.fromEntries(
      members.flatMap((member, index) => (member.ok ? [] : Object.entries(member.errors).map(([field, text]) => [`${index}.${field}`, text]))),
    );
    setFamilyErrors(memberErrors);
    return { members, memberErrors };
  };
  /** What every field of this form is given for its name: its value, its message, its setter (the number's own), the form's refusal handler. */
  const bound = (name: string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: name === 'mobileNumber' ? setMobile : set(name),
    onInvalid: showErrors,
  });

  const success = kind === 'visitor' ? INLINE_TEXT.visitorSuccess : INLINE_TEXT.stallSuccess;
  useQueuedEntry(queuedId, (state) => {
    setQueuedId(null);
    if (state === 'sent') setMessage({ tone: 'success', text: success });
    else setMessage({ tone: state.kind === 'duplicate' ? 'info' : 'error', text: [t(state.message), t(refusalAdvice(state) ?? '')].filter(Boolean).join(' ') });
  });
  const endpoint = kind === 'visitor' ? '/api/visitors/register' : '/api/stalls/register';
  const typeLabel = kind === 'visitor' ? 'Visitor Registration' : 'Book a Stall';
  const clearFields = () => {
    setValues(kind === 'visitor' ? { workingProfessional: 'Others' } : {});
    setFamily([]);
    setCityKey((key) => key + 1);
    visitorQuestions.reset();
  };
  /**
   * The code that checks and sends did not arrive (a first visit whose network went, a chunk gone after a
   * deploy): the fields, which the browser's own rules accepted, are kept on the device as typed, and sent
   * once that code loads. Never a form stuck on "Processing...".
   */
  const holdWithoutCode = () => {
    const id = crypto.randomUUID();
    const name = (kind === 'visitor' ? values.fullName : values.contactPersonName) ?? '';
    const held = holdSubmission({ id, form: 'inline', kind, endpoint, values, name, typeLabel, createdAt: new Date().toISOString() });
    if (!held) return setMessage({ tone: 'error', text: INLINE_TEXT.error });
    setMessage({ tone: 'info', text: queuedMessage(heldReason(), 'registration') });
    setQueuedId(id);
    clearFields();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    setPass(null);
    setQueuedId(null);
    setAttempt((count) => count + 1);
    setBusy(true);
    try {
      await send();
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    let kit: Awaited<ReturnType<typeof loadSubmitKit>>;
    try {
      kit = await loadSubmitKit();
    } catch {
      return holdWithoutCode();
    }
    const [loaded, { submitRegistration }] = kit;
    setRules(() => loaded);
    const checked = check(loaded, values);
    setErrors(checked.ok ? {} : checked.errors);
    const answered = visitorQuestions.check();
    const { members, memberErrors } = checkFamily(loaded);
    if (!checked.ok || !answered.ok || Object.keys(memberErrors).length > 0) return;

    const body = members.length ? { ...checked.body, family: members.flatMap((member) => (member.ok ? [member.body] : [])) } : checked.body;
    const result = await submitRegistration({
      endpoint,
      body: { ...body, ...answered.body },
      name: 'fullName' in body ? body.fullName : body.contactPersonName,
      typeLabel,
      eventName,
    });
    switch (result.kind) {
      case 'created':
        setMessage({
          tone: 'success',
          text: result.family.length
            ? `${t(success)} ${
                result.family.length === 1
                  ? t('The passes of the person with you are saved in My passes.')
                  : t('The passes of the {count} people with you are saved in My passes.', { count: result.family.length })
              }`
            : success,
        });
        setPass(result.pass);
        break;
      case 'queued':
        setMessage({ tone: 'info', text: queuedMessage(result.reason, 'registration') });
        setQueuedId(result.id);
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
    clearFields();
  };

  const title = kind === 'visitor' ? 'Visitor Registration' : 'Stall Registration';
  return (
    <div className="inline-form">
      <h2 id={`${id}-title`} className="inline-form__title">
        {t(title)}
      </h2>
      {closed ? (
        <>
          <p className="form__message form__message--info form__closed" role="status">
            {t(closed)}
          </p>
          <NextEdition />
        </>
      ) : null}
      <form
        ref={form}
        className="form"
        aria-labelledby={`${id}-title`}
        onSubmit={onSubmit}
        // The first focus loads everything sending needs (rules, sender, outbox), not only the rules.
        onFocus={() =>
          void loadSubmitKit().then(
            ([loaded]) => setRules(() => loaded),
            () => undefined,
          )
        }
      >
        {kind === 'visitor' ? (
          <>
            <InlineField id={`${id}-name`} {...bound('fullName')} label="Full Name" autoComplete="name" />
            <InlineField id={`${id}-mobile`} {...bound('mobileNumber')} label="Mobile Number" type="tel" autoComplete="tel-national" />
            <div className="field">
              <label htmlFor={`${id}-profession`}>{t('Professional Type')}</label>
              <select
                id={`${id}-profession`}
                name="workingProfessional"
                value={values.workingProfessional ?? 'Others'}
                onChange={(event) => set('workingProfessional')(event.target.value)}
              >
                {PROFESSIONAL_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {t(option)}
                  </option>
                ))}
              </select>
            </div>
            <InlineField id={`${id}-org`} {...bound('organizationName')} label="Organization Name" autoComplete="organization" required={false} />
            <CityPicker
              key={cityKey}
              name="city"
              label={t('City')}
              value={values.city ?? ''}
              error={errors.city}
              onChange={set('city')}
              onInvalid={showErrors}
            />
            <InlineField id={`${id}-email`} {...bound('email')} label={EMAIL_LABEL} type="email" autoComplete="email" required={false} />
            <QuestionFields state={visitorQuestions} idPrefix={id} serverErrors={errors} />
            <FamilyMembers
              members={family}
              errors={familyErrors}
              live={live}
              onChange={(members, changed) => {
                setFamily(members);
                // A message goes as soon as its field changes; removing a person renumbers the rest, so all go.
                setFamilyErrors((current) => (changed ? withoutField(current, changed) : {}));
              }}
            />
            <ExhibitorsConsentBox state={visitorQuestions} idPrefix={id} />
          </>
        ) : (
          <>
            <InlineField id={`${id}-company`} {...bound('companyName')} label="Company / Organization Name" autoComplete="organization" />
            <InlineField id={`${id}-name`} {...bound('contactPersonName')} label="Contact Person Name" autoComplete="name" />
            <InlineField id={`${id}-mobile`} {...bound('mobileNumber')} label="Mobile Number" type="tel" autoComplete="tel-national" />
            <InlineField id={`${id}-email`} {...bound('email')} label={EMAIL_LABEL} type="email" autoComplete="email" required={false} />
          </>
        )}
        <ConsentLine endpoint={endpoint} />
        <button type="submit" className="button button--primary form__submit" disabled={!live || busy || closed !== null} data-live={live}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" /> {t('Processing...')}
            </>
          ) : (
            t(kind === 'visitor' ? 'Register Now' : 'Book Stall')
          )}
        </button>
        <div role="status" aria-live="polite" className="form__status">
          {message ? <p className={`form__message form__message--${message.tone}`}>{t(message.text)}</p> : null}
        </div>
      </form>
      {pass ? (
        <>
          <ChunkBoundary>
            <Suspense fallback={null}>
              <PassCard pass={pass} />
            </Suspense>
          </ChunkBoundary>
          <NextSteps headingLevel={3} />
        </>
      ) : null}
    </div>
  );
}
