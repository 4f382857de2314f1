import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DEFAULT_PACKAGES, subscriptionChoices } from '@edge/lib/site-defaults';
import { toast } from '@pwa/components/toasts';
import { holdSubmission } from '@pwa/offline/public-outbox-signal';
import { useLocale } from '../i18n/locale';
import { useRegistrationClosed, useSite } from '../site-data';
import { familyPassesLine, useFamily } from './family-members';
import { useFocusFirstInvalid } from './focus-invalid';
import { refusalAdvice, sentLine } from './outbox-report';
import { useQueuedEntry } from './queued-entry';
import type { PopupProps } from './registration-popup';
import { type FieldErrors, heldReason, loadSubmitKit, queuedMessage, submissionNoun, typeSpec, type Values, withoutField } from './registration-types';
import type { SubmitResult } from './submit';
import { useVisitorQuestions } from './visitor-questions';

const POPUP_SUCCESS = 'Registration successful!';
const POPUP_FAILURE = 'Registration failed. Please check your details and try again.';
const CLOSE_AFTER_MS = 2000;

type Message = { tone: 'success' | 'error' | 'info'; text: string } | null;

/**
 * Everything the registration popup holds and does: its type's fields and values, checked by the type's shared
 * form schema, the send (kept on the device when it cannot go now), and the outcome — in the popup, or as a
 * toast when the popup was closed while sending.
 */
export function usePopupSubmitFlow({ type, subscription, eventName, onClose, onPass }: PopupProps) {
  const site = useSite();
  const { t, language } = useLocale();
  const closed = useRegistrationClosed();
  const isVisitor = type === 'Visitor Registration';
  const visitorQuestions = useVisitorQuestions(isVisitor, (field) => setErrors((current) => withoutField(current, field)));
  // The people registering with a visitor: the inline form's part, the same here (decision 077).
  const { family, familyErrors, changeFamily, checkFamily, resetFamily } = useFamily();
  // The enquiry's choices: the organiser's packages plus "General Enquiry", so the choices always match
  // the package cards; the default packages until the API answers.
  const choices = site.subscriptionChoices.length > 0 ? site.subscriptionChoices : subscriptionChoices(DEFAULT_PACKAGES);
  const spec = typeSpec(type, choices, site.awardCategories);
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
  useFocusFirstInvalid(form, attempt, Object.keys(errors).length + Object.keys(visitorQuestions.errors).length + Object.keys(familyErrors).length > 0);
  // A new key after a success empties the state and city pickers with the rest of the form.
  const [resetKey, setResetKey] = useState(0);
  const dirty = Object.values(values).some((value) => value.trim() !== '' && value !== subscription) || family.length > 0;

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
        language,
      });
      return kept ? { kind: 'queued', reason: heldReason(), id } : { kind: 'failed', status: 0, message: POPUP_FAILURE, serverMessage: false };
    }
    const [rules, { submitRegistration }] = kit;
    // The type's shared form schema: every message beside its field; the body sent is the schema's output.
    const checked = rules.checkForm(rules.FORM_SCHEMAS[spec.kind], values);
    setErrors(checked.ok ? {} : checked.errors);
    const answered = visitorQuestions.check();
    const members = isVisitor ? checkFamily(rules) : { members: [], ok: true };
    if (!checked.ok || !answered.ok || !members.ok) return undefined;
    const body: Record<string, unknown> = { ...checked.body, ...answered.body, ...(members.members.length ? { family: members.members } : {}) };
    return submitRegistration({
      endpoint: spec.endpoint,
      body,
      name: String(body[spec.nameField] ?? ''),
      typeLabel: type,
      eventName,
      language,
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
      setMessage(
        result.kind === 'created'
          ? { tone: 'success', text: [t(POPUP_SUCCESS), familyPassesLine(result.family.length, t)].filter(Boolean).join(' ') }
          : { tone: 'info', text: queuedMessage(result.reason, noun) },
      );
      setValues({});
      resetFamily();
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

  return {
    spec,
    closed,
    visitorQuestions,
    isVisitor,
    family,
    familyErrors,
    changeFamily,
    values,
    errors,
    set,
    sending,
    message,
    form,
    resetKey,
    dirty,
    onSubmit,
  };
}
