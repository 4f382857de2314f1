import { useEffect, useId, useState } from 'react';
import { PRIVACY_PATH } from '@shared/consent';
import { apiClient } from '@pwa/lib/api-client';
import { ApiError } from '@pwa/lib/api-error';
import { readEnvelope } from '@pwa/lib/envelope';
import type { ConsentChoice } from '@edge/routes/public/pass-consents';
import { type Locale, useLocale } from '../i18n/locale';

type Loaded = { kind: 'loading' } | { kind: 'none' } | { kind: 'choices'; choices: ConsentChoice[] } | { kind: 'unavailable'; text: string };

const OFFLINE = 'Your choices can be seen and changed when you are connected.';
const failureText = (error: unknown) => (error instanceof ApiError && !error.isNetworkError ? error.message : OFFLINE);

/** The standing choice in words, with when it was made, in the page's language. */
function standing(choice: ConsentChoice, { t, day }: Locale): string {
  if (choice.given !== null) {
    const word = choice.given ? 'Given' : 'Withdrawn';
    return choice.at ? t(`${word} on {date}`, { date: day(choice.at) }) : t(word);
  }
  return t(choice.chosen ? 'Not given' : 'Given when you registered');
}

/**
 * "Your choices" under the pass a link opens (decision 078): each consent the person has, with its words
 * and when they gave or withdrew it; Withdraw for any they have, Give for a purpose of its own box. The
 * link is the key: no login. Withdrawing their pass's messages is asked twice (they cannot give it back
 * here: it comes with a registration). Shown under a cancelled or expired pass too: withdrawing is never refused.
 */
export function PassConsents({ token }: { token: string }) {
  const id = useId();
  const locale = useLocale();
  const { t, href } = locale;
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const consents = apiClient().api.public.passes[':token'].consents;
  const param = { token: encodeURIComponent(token) };

  useEffect(() => {
    let live = true;
    readEnvelope(apiClient().api.public.passes[':token'].consents.$get({ param: { token: encodeURIComponent(token) } }))
      .then(({ data }) => live && setLoaded({ kind: 'choices', choices: data }))
      // A link that names nobody (or was replaced) has no choices to show: the page says why already.
      .catch((error: unknown) => {
        if (!live) return;
        const named = !(error instanceof ApiError && [400, 404, 410].includes(error.status));
        setLoaded(named ? { kind: 'unavailable', text: failureText(error) } : { kind: 'none' });
      });
    return () => {
      live = false;
    };
  }, [token]);

  const act = async (choice: ConsentChoice, given: boolean) => {
    setBusy(choice.purpose);
    setAsking(null);
    setMessage(null);
    try {
      const body = await readEnvelope(consents.$post({ param, json: { purpose: choice.purpose, given, textVersion: choice.textVersion } }));
      setLoaded({ kind: 'choices', choices: body.data });
      setMessage({ tone: 'success', text: body.message });
    } catch (error) {
      setMessage({ tone: 'error', text: failureText(error) });
    } finally {
      setBusy(null);
    }
  };

  if (loaded.kind === 'loading' || loaded.kind === 'none') return null;
  return (
    <section className="pass-consents" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('Your choices')}</h2>
      {loaded.kind === 'unavailable' ? (
        <p className="pass-consents__note">{t(loaded.text)}</p>
      ) : (
        <>
          <p className="pass-consents__note">
            {t('What you have agreed to, and when. You can withdraw each at any time.')} <a href={href(PRIVACY_PATH)}>{t('Privacy notice')}</a>
          </p>
          <ul className="pass-consents__list">
            {loaded.choices.map((choice) => {
              const given = choice.given === true || (choice.given === null && !choice.chosen);
              return (
                <li key={choice.purpose} className="pass-consents__item" data-purpose={choice.purpose}>
                  <h3>{t(choice.title)}</h3>
                  <p className="pass-consents__text">{t(choice.text)}</p>
                  <p className="pass-consents__state">
                    <strong>{standing(choice, locale)}</strong>
                  </p>
                  {asking === choice.purpose ? (
                    <fieldset className="pass-consents__ask">
                      <legend>{t('Withdraw your consent to messages?')}</legend>
                      <p>{t('We will send you no more messages: not your pass, not event news, not a new pass link. You can still open this pass.')}</p>
                      <button type="button" className="button button--secondary" onClick={() => void act(choice, false)}>
                        {t('Yes, withdraw')}
                      </button>
                      <button type="button" className="button button--secondary" onClick={() => setAsking(null)}>
                        {t('Keep it')}
                      </button>
                    </fieldset>
                  ) : given ? (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy !== null}
                      onClick={() => (choice.purpose === 'pass_messages' ? setAsking(choice.purpose) : void act(choice, false))}
                    >
                      {t(busy === choice.purpose ? 'Saving…' : 'Withdraw')}
                    </button>
                  ) : choice.chosen ? (
                    <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void act(choice, true)}>
                      {t(busy === choice.purpose ? 'Saving…' : 'Give')}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <div role="status" aria-live="polite" className="form__status">
        {message ? <p className={`form__message form__message--${message.tone}`}>{t(message.text)}</p> : null}
      </div>
    </section>
  );
}
