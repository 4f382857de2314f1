import { useEffect, useState } from 'react';
import { ApiError } from '@pwa/lib/api-error';
import { readEnvelope } from '@pwa/lib/envelope';
import type { Language } from '@shared/languages';
import { HolderLocale } from '../i18n/holder-locale';
import { keptLanguage } from '../i18n/languages';
import { useLocale } from '../i18n/locale';
import { PublicLayout } from '../public-layout';
import { usePageMeta } from '../use-page-meta';
import { MyPassesSentence } from './my-passes-sentence';

type State = { kind: 'ready' } | { kind: 'sending' } | { kind: 'done' | 'failed'; text: string };

export type LinkAction = 'confirm-email' | 'unsubscribe';

// The English texts, which the catalogue's passes part translates (catalogue.ts).
export const LINK_ACTION_TEXTS: Record<LinkAction, { title: string; prompt: string; button: string; busy: string }> = {
  'confirm-email': {
    title: 'Confirm your e-mail address',
    prompt: 'Press the button to confirm this address: your pass is then sent to it.',
    button: 'Confirm my e-mail address',
    busy: 'Confirming…',
  },
  unsubscribe: {
    title: 'Stop these messages',
    prompt: 'Press the button and the organiser’s group messages no longer come to your e-mail or number. Your pass stays valid.',
    button: 'Stop these messages',
    busy: 'Stopping…',
  },
};

const OFFLINE = 'You are offline. Please try again when you are connected.';

/** The API of a link's action: GET its holder's language, POST to act (the typed client loads with the page's first call). */
async function linkApi(action: LinkAction) {
  const { apiClient } = await import('@pwa/lib/api-client');
  const api = apiClient().api.public;
  return action === 'unsubscribe' ? api.unsubscribe[':token'] : api['email-confirmations'][':token'];
}

/** The language of the person the link names; undefined when the server cannot say (offline, a link not valid). */
async function holderLanguage(action: LinkAction, token: string): Promise<Language | undefined> {
  try {
    const link = await linkApi(action);
    return (await readEnvelope(link.$get({ param: { token } }))).data.language;
  } catch {
    return undefined;
  }
}

/**
 * The pages behind the links our e-mails carry: `/confirm-email/<token>` (confirm the address a person gave,
 * decision 056) and `/unsubscribe/<token>` (no more group messages). Each acts on a press of its button,
 * never on the opening of the page: a mail scanner that opens every link changes nothing. Each speaks its
 * holder's language, as a pass link's page does (decision 092); a link the server cannot place, the
 * language chosen on this device.
 */
export function LinkActionPage({ action, token }: { action: LinkAction; token: string }) {
  const [language, setLanguage] = useState<Language>();
  useEffect(() => {
    let live = true;
    void holderLanguage(action, token).then((found) => live && setLanguage(found ?? keptLanguage()));
    return () => {
      live = false;
    };
  }, [action, token]);
  return (
    <HolderLocale language={language} parts={['site', 'passes']}>
      <LinkActionScreen action={action} token={token} />
    </HolderLocale>
  );
}

function LinkActionScreen({ action, token }: { action: LinkAction; token: string }) {
  // The head of My passes, never the token.
  usePageMeta('/passes');
  const { t } = useLocale();
  const texts = LINK_ACTION_TEXTS[action];
  const [state, setState] = useState<State>({ kind: 'ready' });
  const confirm = async () => {
    setState({ kind: 'sending' });
    try {
      const link = await linkApi(action);
      const body = await readEnvelope(link.$post({ param: { token } }));
      setState({ kind: 'done', text: body.message });
    } catch (error) {
      const text = error instanceof ApiError && !error.isNetworkError ? error.message : OFFLINE;
      setState({ kind: 'failed', text });
    }
  };
  return (
    <PublicLayout className="site--passes">
      <main id="main" className="passes-page">
        <h1>{t(texts.title)}</h1>
        {state.kind === 'done' ? (
          <p className="form__message form__message--success" role="status">
            {t(state.text)} <MyPassesSentence text="Your passes are also on {link}." />
          </p>
        ) : (
          <>
            <p>{t(texts.prompt)}</p>
            <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={state.kind === 'sending'}>
              {t(state.kind === 'sending' ? texts.busy : texts.button)}
            </button>
            {state.kind === 'failed' ? (
              <p className="form__message form__message--error" role="alert">
                {t(state.text)}
              </p>
            ) : null}
          </>
        )}
      </main>
    </PublicLayout>
  );
}
