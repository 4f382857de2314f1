import { useState } from 'react';
import { ApiError } from '@pwa/lib/api-error';
import { readEnvelope } from '@pwa/lib/envelope';
import { PublicLayout } from '../public-layout';
import { usePageMeta } from '../use-page-meta';

type State = { kind: 'ready' } | { kind: 'sending' } | { kind: 'done' | 'failed'; text: string };

type LinkAction = 'confirm-email' | 'unsubscribe';

const TEXTS: Record<LinkAction, { title: string; prompt: string; button: string; busy: string }> = {
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

/**
 * The pages behind the links our e-mails carry: `/confirm-email/<token>` (confirm the address a person gave,
 * decision 056) and `/unsubscribe/<token>` (no more group messages). Each acts on a press of its button,
 * never on the opening of the page: a mail scanner that opens every link changes nothing.
 */
export function LinkActionPage({ action, token }: { action: LinkAction; token: string }) {
  // The head of My passes, never the token.
  usePageMeta('/passes');
  const texts = TEXTS[action];
  const [state, setState] = useState<State>({ kind: 'ready' });
  const confirm = async () => {
    setState({ kind: 'sending' });
    try {
      const { apiClient } = await import('@pwa/lib/api-client');
      const api = apiClient().api.public;
      const post =
        action === 'unsubscribe' ? api.unsubscribe[':token'].$post({ param: { token } }) : api['email-confirmations'][':token'].$post({ param: { token } });
      const body = await readEnvelope(post);
      setState({ kind: 'done', text: body.message });
    } catch (error) {
      const text = error instanceof ApiError && !error.isNetworkError ? error.message : 'You are offline. Please try again when you are connected.';
      setState({ kind: 'failed', text });
    }
  };
  return (
    <PublicLayout className="site--passes">
      <main id="main" className="passes-page">
        <h1>{texts.title}</h1>
        {state.kind === 'done' ? (
          <p className="form__message form__message--success" role="status">
            {state.text} Your passes are also on <a href="/passes">My passes</a>.
          </p>
        ) : (
          <>
            <p>{texts.prompt}</p>
            <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={state.kind === 'sending'}>
              {state.kind === 'sending' ? texts.busy : texts.button}
            </button>
            {state.kind === 'failed' ? (
              <p className="form__message form__message--error" role="alert">
                {state.text}
              </p>
            ) : null}
          </>
        )}
      </main>
    </PublicLayout>
  );
}
