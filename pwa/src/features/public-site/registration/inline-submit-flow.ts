import { type FormEvent, useRef, useState } from 'react';
import type { SavedPass } from '@pwa/offline/db';
import { holdSubmission } from '@pwa/offline/public-outbox-signal';
import { useLocale } from '../i18n/locale';
import { useRegistrationClosed } from '../site-data';
import { familyPassesLine, useFamily } from './family-members';
import { useFocusFirstInvalid } from './focus-invalid';
import { useFormTakeover } from './form-takeover';
import { refusalAdvice } from './outbox-report';
import { useQueuedEntry } from './queued-entry';
import { useVisitorQuestions } from './visitor-questions';
import { type FieldErrors, type FormRules, withoutField, heldReason, loadFormRules, loadSubmitKit, queuedMessage, type Values } from './registration-types';

const INLINE_TEXT = {
  visitorSuccess: 'Visitor registration successful!',
  stallSuccess: 'Stall registration successful! We will contact you soon.',
  failed: 'Registration failed. Please try again.',
  error: 'An error occurred. Please try again later.',
} as const;

export type InlineKind = 'visitor' | 'stall';
type Message = { tone: 'success' | 'error' | 'info'; text: string } | null;

/**
 * Everything the inline visitor or stall form holds and does: its values checked by the shared inline schema
 * (edge/schemas/public-registrations.ts) with each message beside its field, the server's per-field messages
 * likewise, the people registering with a visitor, and the send (kept on the device when it cannot go now).
 */
export function useInlineSubmitFlow(kind: InlineKind, eventName: string) {
  const { t, language, loadFormTexts } = useLocale();
  const [values, setValues] = useState<Values>(kind === 'visitor' ? { workingProfessional: 'Others' } : {});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [pass, setPass] = useState<SavedPass | null>(null);
  // The submission this form kept on the device, followed until it is sent or refused.
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const [cityKey, setCityKey] = useState(0);
  // The people registering with this visitor (decision 077), with their messages keyed `<index>.<field>`.
  const { family, familyErrors, changeFamily, checkFamily, resetFamily } = useFamily();
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
    // The visitor began before the script arrived (a slow phone): their first focus went unheard, so what
    // sending needs starts loading now, not at their press of Register Now.
    warmUp();
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
    resetFamily();
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
    const held = holdSubmission({ id, form: 'inline', kind, endpoint, values, name, typeLabel, createdAt: new Date().toISOString(), language });
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
    // The forms' words, for the messages below (they never fail: English without them).
    const texts = loadFormTexts();
    let kit: Awaited<ReturnType<typeof loadSubmitKit>>;
    try {
      kit = await loadSubmitKit();
    } catch {
      return holdWithoutCode();
    }
    await texts;
    const [loaded, { submitRegistration }] = kit;
    setRules(() => loaded);
    const checked = check(loaded, values);
    setErrors(checked.ok ? {} : checked.errors);
    const answered = visitorQuestions.check();
    const members = checkFamily(loaded);
    if (!checked.ok || !answered.ok || !members.ok) return;

    const body = members.members.length ? { ...checked.body, family: members.members } : checked.body;
    const result = await submitRegistration({
      endpoint,
      body: { ...body, ...answered.body },
      name: 'fullName' in body ? body.fullName : body.contactPersonName,
      typeLabel,
      eventName,
      language,
    });
    switch (result.kind) {
      case 'created':
        setMessage({
          tone: 'success',
          text: result.family.length ? `${t(success)} ${familyPassesLine(result.family.length, t)}` : success,
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
  // The first focus loads everything sending needs (rules, sender, outbox, the forms' words), not only the rules.
  const warmUp = () => {
    void loadFormTexts();
    void loadSubmitKit().then(
      ([loaded]) => setRules(() => loaded),
      () => undefined,
    );
  };

  return {
    form,
    values,
    errors,
    set,
    bound,
    visitorQuestions,
    family,
    familyErrors,
    changeFamily,
    cityKey,
    live,
    closed,
    busy,
    message,
    pass,
    endpoint,
    onSubmit,
    warmUp,
  };
}

export type InlineSubmitFlow = ReturnType<typeof useInlineSubmitFlow>;
