import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_PACKAGES, subscriptionChoices } from '@edge/lib/site-defaults';
import { Dialog } from '@pwa/components/dialog';
import type { SavedPass } from '@pwa/offline/db';
import { holdSubmission } from '@pwa/offline/public-outbox-signal';
import { useRegistrationClosed, useSite } from '../site-data';
import { useLocale } from '../i18n/locale';
import { CityPicker } from './city-picker';
import { ConsentLine } from './consent-line';

import { toast } from '@pwa/components/toasts';
import { useFocusFirstInvalid } from './focus-invalid';
import { refusalAdvice, sentLine } from './outbox-report';
import { useQueuedEntry } from './queued-entry';
import { ExhibitorsConsentBox, QuestionFields, useVisitorQuestions } from './visitor-questions';
import {
  type FieldErrors,
  heldReason,
  withoutField,
  loadSubmitKit,
  queuedMessage,
  type RegistrationType,
  submissionNoun,
  typeSpec,
  type Values,
} from './registration-types';
import type { SubmitResult } from './submit';

const POPUP_TEXT = 'Fill in the details below to complete your registration.';
const POPUP_SUCCESS = 'Registration successful!';
const POPUP_FAILURE = 'Registration failed. Please check your details and try again.';
const CLOSE_AFTER_MS = 2000;

const ICONS: Record<RegistrationType, string> = {
  'Visitor Registration': 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  'Awards Registration': 'M8 3h8v4a4 4 0 0 1-8 0V3Zm4 8v5m-4 4h8m-6-4h4M8 5H4a3 3 0 0 0 4 4m8-4h4a3 3 0 0 1-4 4',
  'Book a Stall': 'M3 9l2-5h14l2 5M4 9v11h16V9M3 9h18M9 20v-6h6v6',
  'Sponsor Registration': 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9L12 3Z',
  'Enquire Now': 'M4 5h16v11H8l-4 4V5Zm4 5h8M8 13h5',
};

export interface PopupProps {
  type: RegistrationType;
  subscription?: string;
  eventName: string;
  onClose: () => void;
  onPass: (pass: SavedPass) => void;
}

type Message = { tone: 'success' | 'error' | 'info'; text: string } | null;

export default function RegistrationPopup({ type, subscription, eventName, onClose, onPass }: PopupProps) {
  const site = useSite();
  const { t } = useLocale();
  const closed = useRegistrationClosed();
  const visitorQuestions = useVisitorQuestions(type === 'Visitor Registration', (field) => setErrors((current) => withoutField(current, field)));
  // The enquiry's choices: the organiser's packages plus "General Enquiry", so the choices always match
  // the package cards; the default packages until the API answers.
  const choices = site.subscriptionChoices.length > 0 ? site.subscriptionChoices : subscriptionChoices(DEFAULT_PACKAGES);
  const spec = typeSpec(type, choices, site.awardCategories);
  const formId = useId();
  // An Enquire Now from a package card copies its subscription into the form.
  const [values, setValues] = useState<Values>(() => (subscription ? { subscriptionType: subscription } : ({} as Values)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Opening the popup is the moment to fetch what its submit needs (the shared schemas, the sender).
  useEffect(() => void loadSubmitKit().catch(() => undefined), []);
  // Closed while sending (Esc, ✕): the submission goes on, and its outcome is told as a toast instead.
  const open = useRef(true);
  useEffect(
    () => () => {
      open.current = false;
      clearTimeout(closeTimer.current);
    },
    [],
  );
  const form = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(form, attempt, Object.keys(errors).length > 0 || Object.keys(visitorQuestions.errors).length > 0);
  // A new key after a success empties the state and city pickers with the rest of the form.
  const [resetKey, setResetKey] = useState(0);
  const dirty = Object.values(values).some((value) => value.trim() !== '' && value !== subscription);

  // A field's message goes as soon as the field changes (the form checks again when it is sent).
  const set = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => withoutField(current, name));
  };
  const noun = submissionNoun(spec.endpoint);
  // A submission kept on the device while the popup is still open: its outcome replaces "will be sent".
  const [queued, setQueued] = useState<{ id: string; name: string } | null>(null);
  useQueuedEntry(queued?.id ?? null, (state) => {
    setQueued(null);
    if (state === 'sent') setMessage({ tone: 'success', text: sentLine({ endpoint: spec.endpoint, typeLabel: type, name: queued?.name ?? '' }, t) });
    else setMessage({ tone: state.kind === 'duplicate' ? 'info' : 'error', text: [t(state.message), t(refusalAdvice(state) ?? '')].filter(Boolean).join(' ') });
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setMessage(null);
    setQueued(null);
    setAttempt((count) => count + 1);
    setSending(true);
    let result: SubmitResult | undefined;
    try {
      result = await send();
    } finally {
      if (open.current) setSending(false);
    }
    if (result) settle(result);
  };

  /** Checks and sends (or keeps) the submission; undefined when a field is wrong (its message is shown). */
  const send = async (): Promise<SubmitResult | undefined> => {
    let kit: Awaited<ReturnType<typeof loadSubmitKit>>;
    try {
      kit = await loadSubmitKit();
    } catch {
      // The code that checks and sends did not arrive: the fields are kept on the device as typed, checked
      // and sent once it loads (public-outbox-signal.ts). The popup stays no longer on "Submitting...".
      const id = crypto.randomUUID();
      const kept = holdSubmission({
        id,
        form: 'popup',
        kind: spec.kind,
        endpoint: spec.endpoint,
        values,
        name: values[spec.nameField] ?? '',
        typeLabel: type,
        createdAt: new Date().toISOString(),
      });
      return kept ? { kind: 'queued', reason: heldReason(), id } : { kind: 'failed', status: 0, message: POPUP_FAILURE, serverMessage: false };
    }
    const [rules, { submitRegistration }] = kit;
    // The type's shared form schema: every message beside its field; the body sent is the schema's output.
    const checked = rules.checkForm(rules.FORM_SCHEMAS[spec.kind], values);
    setErrors(checked.ok ? {} : checked.errors);
    const answered = visitorQuestions.check();
    if (!checked.ok || !answered.ok) return undefined;
    const body: Record<string, unknown> = { ...checked.body, ...answered.body };
    return submitRegistration({
      endpoint: spec.endpoint,
      body,
      name: String(body[spec.nameField] ?? ''),
      typeLabel: type,
      eventName,
    });
  };

  const settle = (result: SubmitResult) => {
    if (!open.current) {
      // The popup was closed meanwhile: the outcome as a toast, and the pass when there is one.
      if (result.kind === 'created') {
        toast.success(t(POPUP_SUCCESS));
        if (result.pass) onPass(result.pass);
      } else if (result.kind === 'queued') toast(t(queuedMessage(result.reason, noun)));
      else toast(t(result.message || POPUP_FAILURE), result.kind === 'duplicate' ? 'info' : 'error');
      return;
    }
    if (result.kind === 'created' || result.kind === 'queued') {
      setMessage(result.kind === 'created' ? { tone: 'success', text: POPUP_SUCCESS } : { tone: 'info', text: queuedMessage(result.reason, noun) });
      setValues({});
      visitorQuestions.reset();
      setResetKey((key) => key + 1);
      if (result.kind === 'queued') {
        // Kept on the device: the popup stays open with what will happen, and then what did; the person closes it.
        setQueued({ id: result.id, name: values[spec.nameField] ?? '' });
        return;
      }
      closeTimer.current = setTimeout(() => {
        onClose();
        if (result.pass) onPass(result.pass);
      }, CLOSE_AFTER_MS);
    } else if (result.kind === 'duplicate') {
      setMessage({ tone: 'info', text: result.message });
    } else {
      const fieldMessage = result.errors ? Object.values(result.errors)[0] : undefined;
      setErrors(result.errors ?? {});
      setAttempt((count) => count + 1);
      setMessage({ tone: 'error', text: (result.serverMessage ? result.message : fieldMessage) || POPUP_FAILURE });
    }
  };

  return (
    <Dialog
      title={t(type)}
      onClose={onClose}
      closeOnBackdrop={!dirty && !sending}
      icon={
        <svg className="popup__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <path d={ICONS[type]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      }
    >
      <p className="popup__text">{t(POPUP_TEXT)}</p>
      {closed ? (
        <p className="form__message form__message--info form__closed" role="status">
          {t(closed)}
        </p>
      ) : null}
      <form ref={form} id={formId} className="form" noValidate onSubmit={onSubmit}>
        {spec.fields.map((field) => {
          const id = `${formId}-${field.name}`;
          const error = errors[field.name];
          const describedBy = error ? `${id}-error` : undefined;
          if (field.kind === 'city') {
            return (
              <CityPicker
                key={`${field.name}-${resetKey}`}
                name={field.name}
                label={t(field.label)}
                value={values[field.name] ?? ''}
                onChange={(city) => set(field.name, city)}
                error={error}
              />
            );
          }
          return (
            <div key={field.name} className="field">
              <label htmlFor={id}>
                {t(field.label)}
                {field.required ? <span aria-hidden="true"> *</span> : null}
              </label>
              {field.kind === 'select' ? (
                <select
                  id={id}
                  name={field.name}
                  value={values[field.name] ?? ''}
                  aria-required={field.required}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                  onChange={(event) => set(field.name, event.target.value)}
                >
                  <option value="">{t('Select {field}', { field: t(field.label).toLowerCase() })}</option>
                  {(field.options ?? []).map((option) => (
                    <option key={option} value={option}>
                      {t(option)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  name={field.name}
                  type={field.kind === 'tel' || field.kind === 'email' ? field.kind : 'text'}
                  inputMode={field.kind === 'tel' ? 'tel' : field.kind === 'email' ? 'email' : undefined}
                  placeholder={field.kind === 'tel' ? '+91 98765 43210' : undefined}
                  autoComplete={field.autoComplete}
                  value={values[field.name] ?? ''}
                  aria-required={field.required}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                  onChange={(event) => set(field.name, event.target.value)}
                />
              )}
              {error ? (
                <p id={`${id}-error`} className="field__error">
                  {t(error)}
                </p>
              ) : null}
            </div>
          );
        })}
        <QuestionFields state={visitorQuestions} idPrefix={formId} serverErrors={errors} />
        {visitorQuestions.active ? <ExhibitorsConsentBox state={visitorQuestions} idPrefix={formId} /> : null}
        <ConsentLine endpoint={spec.endpoint} />
        <div role="status" aria-live="polite" className="form__status">
          {message ? <p className={`form__message form__message--${message.tone}`}>{t(message.text)}</p> : null}
        </div>
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={sending}>
            {t('Cancel')}
          </button>
          <button type="submit" className="button button--primary" aria-busy={sending} disabled={closed !== null}>
            {t(sending ? 'Submitting...' : 'Submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
