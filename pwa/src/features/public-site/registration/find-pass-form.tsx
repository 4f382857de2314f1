import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '@pwa/lib/api-error';
import { readEnvelope } from '@pwa/lib/envelope';
import { useLocale } from '../i18n/locale';
import { useFormTakeover } from './form-takeover';

type Message = { tone: 'success' | 'error'; text: string } | null;

/**
 * "Find my pass": the visitor's mobile number or e-mail; the server sends the pass link there through
 * its configured channels. The screen only ever shows the server's answer, which is the same whether or
 * not the number is registered: the link itself never appears here.
 */
export function FindPassForm() {
  const id = useId();
  const [contact, setContact] = useState('');
  const { t, loadFormTexts } = useLocale();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const form = useRef<HTMLFormElement>(null);
  const live = useFormTakeover(form, (typed) => setContact(typed.contact ?? ''));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void loadFormTexts();
    const value = contact.trim();
    if (!value) {
      setMessage({ tone: 'error', text: 'Please enter your mobile number or e-mail address' });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      // The client loads with the first request: the page opens without it.
      const [{ apiClient }, { withHumanCheck }] = await Promise.all([import('@pwa/lib/api-client'), import('@pwa/lib/human-check-widget')]);
      const find = apiClient().api.public.passes.find;
      // Under unusual load the server asks for the human check: the widget, then the same request again.
      const body = await withHumanCheck((headers) => readEnvelope(find.$post({ json: { contact: value } }, { headers })));
      setMessage({ tone: 'success', text: body.message });
      setContact('');
    } catch (error) {
      const text = error instanceof ApiError && !error.isNetworkError ? error.message : 'You are offline. Please try again when you are connected.';
      setMessage({ tone: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="find-pass" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('Find my pass')}</h2>
      <p>{t('Registered on another phone? Enter the mobile number or e-mail you registered with and we will send the link to your pass there.')}</p>
      <form ref={form} className="form find-pass__form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-contact`}>{t('Mobile number or e-mail')}</label>
          <input
            id={`${id}-contact`}
            name="contact"
            type="text"
            inputMode="email"
            autoComplete="tel"
            maxLength={254}
            placeholder={t('9876543210 or you@example.com')}
            value={contact}
            onChange={(event) => setContact(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={!live || busy} data-live={live}>
          {t(busy ? 'Sending…' : 'Send my pass link')}
        </button>
        <div role="status" aria-live="polite" className="form__status">
          {message ? <p className={`form__message form__message--${message.tone}`}>{t(message.text)}</p> : null}
        </div>
      </form>
    </section>
  );
}
