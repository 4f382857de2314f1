import { useState } from 'react';
import { ApiError } from '@pwa/lib/api-error';
import { readEnvelope } from '@pwa/lib/envelope';
import { PublicLayout } from '../public-layout';
import { usePageMeta } from '../use-page-meta';

type State = { kind: 'ready' } | { kind: 'sending' } | { kind: 'done' | 'failed'; text: string };

/**
 * `/confirm-email/<token>`: the link of the message that asks a person to confirm the e-mail address they
 * gave (decision 056). Confirming takes a press of the button, never the opening of the page: a mail
 * scanner that opens every link confirms nothing.
 */
export function ConfirmEmailPage({ token }: { token: string }) {
  // The head of My passes, never the token.
  usePageMeta('/passes');
  const [state, setState] = useState<State>({ kind: 'ready' });
  const confirm = async () => {
    setState({ kind: 'sending' });
    try {
      const { apiClient } = await import('@pwa/lib/api-client');
      const body = await readEnvelope(apiClient().api.public['email-confirmations'][':token'].$post({ param: { token } }));
      setState({ kind: 'done', text: body.message });
    } catch (error) {
      const text = error instanceof ApiError && !error.isNetworkError ? error.message : 'You are offline. Please try again when you are connected.';
      setState({ kind: 'failed', text });
    }
  };
  return (
    <PublicLayout className="site--passes">
      <main id="main" className="passes-page">
        <h1>Confirm your e-mail address</h1>
        {state.kind === 'done' ? (
          <p className="form__message form__message--success" role="status">
            {state.text} Your passes are also on <a href="/passes">My passes</a>.
          </p>
        ) : (
          <>
            <p>Press the button to confirm this address: your pass is then sent to it.</p>
            <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={state.kind === 'sending'}>
              {state.kind === 'sending' ? 'Confirming…' : 'Confirm my e-mail address'}
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
