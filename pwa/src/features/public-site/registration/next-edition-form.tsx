import { type FormEvent, useEffect, useId, useState } from 'react';
import { CONSENT_NOTICES } from '@shared/consent';
import { EMAIL_LABEL, FIELD_LABELS } from '@shared/schemas/vocabulary';
import { useLocale } from '../i18n/locale';
import { ConsentLine } from './consent-line';
import { type FieldErrors, loadSubmitKit, type Values, withoutField } from './registration-types';

const ENDPOINT = '/api/next-edition';
const THANKS = 'Thank you. We will tell you about the next edition.';
const FAILED = 'It could not be sent. Please try again.';

/**
 * "Tell me about the next edition", offered once registration has closed: a name, a number and an optional
 * e-mail, kept with the person's consent for that (decision 059) as an enquiry in the panel's Enquiries.
 * Sent like every public form (kept on the device when the network or the server is not there). Loaded
 * when the person asks for it (next-edition.tsx), so the home's code does not grow by it.
 */
export default function NextEditionForm() {
  const id = useId();
  const { t, language, loadFormTexts } = useLocale();
  // Opened by a press: its messages are the forms' words (catalogue.ts).
  useEffect(() => void loadFormTexts(), [loadFormTexts]);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const set = (name: string) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => withoutField(current, name));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const [rules, { submitRegistration }] = await loadSubmitKit();
      const checked = rules.checkForm(rules.FORM_SCHEMAS.nextEdition, { ...values, consentVersion: CONSENT_NOTICES.next_edition.version });
      setErrors(checked.ok ? {} : checked.errors);
      if (!checked.ok) return;
      const result = await submitRegistration({
        endpoint: ENDPOINT,
        body: checked.body,
        name: checked.body.name,
        typeLabel: 'Next edition',
        eventName: '',
        language,
      });
      if (result.kind === 'created') {
        setMessage({ tone: 'success', text: THANKS });
        setValues({});
      } else if (result.kind === 'queued') {
        setMessage({ tone: 'info', text: 'Your request is saved on this device and will be sent automatically as soon as it can be.' });
        setValues({});
      } else if (result.kind === 'duplicate') {
        setMessage({ tone: 'info', text: result.message });
      } else {
        setErrors(result.errors ?? {});
        setMessage({ tone: 'error', text: result.serverMessage ? result.message : FAILED });
      }
    } catch {
      setMessage({ tone: 'error', text: FAILED });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string, label: string, type: 'text' | 'tel' | 'email', autoComplete: string, required: boolean) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>
        {t(label)}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
        autoComplete={autoComplete}
        value={values[name] ?? ''}
        aria-required={required}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => set(name)(event.target.value)}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="field__error">
          {t(errors[name])}
        </p>
      ) : null}
    </div>
  );
  return (
    <form className="form next-edition" aria-labelledby={`${id}-title`} noValidate onSubmit={onSubmit}>
      <h2 id={`${id}-title`} className="next-edition__title">
        {t('Tell me about the next edition')}
      </h2>
      {field('name', FIELD_LABELS.enquiry.name, 'text', 'name', true)}
      {field('mobile', FIELD_LABELS.enquiry.mobile, 'tel', 'tel', true)}
      {field('email', EMAIL_LABEL, 'email', 'email', false)}
      <ConsentLine endpoint={ENDPOINT} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t(busy ? 'Sending...' : 'Send')}
      </button>
      <div role="status" aria-live="polite" className="form__status">
        {message ? <p className={`form__message form__message--${message.tone}`}>{t(message.text)}</p> : null}
      </div>
    </form>
  );
}
