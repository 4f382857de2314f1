// Cloudflare Turnstile's widget in a dialog of its own: loaded (script and all) only when the server asks
// for the human check. https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/
import { HUMAN_CHECK_HEADER, humanCheckSiteKey } from './human-check';
import { loadOnce } from './load-once';

interface Turnstile {
  render(container: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'error-callback'?: () => void }): string;
  remove(widgetId: string): void;
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

const loadTurnstile = loadOnce(
  () =>
    new Promise<Turnstile>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = SCRIPT_URL;
      script.async = true;
      script.onload = () => {
        const turnstile = (window as unknown as { turnstile?: Turnstile }).turnstile;
        if (turnstile) resolve(turnstile);
        else reject(new Error('Turnstile did not load'));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error('Turnstile did not load'));
      };
      document.head.append(script);
    }),
);

/** Shows the widget until it gives a token (answered) or the person closes the dialog (undefined). */
export async function humanCheckToken(siteKey: string): Promise<string | undefined> {
  let turnstile: Turnstile;
  try {
    turnstile = await loadTurnstile();
  } catch {
    return undefined;
  }
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'human-check';
    dialog.setAttribute('aria-label', 'Confirm you are a person');
    const text = document.createElement('p');
    text.textContent = 'The site is very busy. Please confirm you are a person and your form is sent.';
    const box = document.createElement('div');
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'button';
    close.textContent = 'Cancel';
    dialog.append(text, box, close);
    document.body.append(dialog);
    let widgetId = '';
    const finish = (token: string | undefined) => {
      if (widgetId) turnstile.remove(widgetId);
      dialog.close();
      dialog.remove();
      resolve(token);
    };
    close.addEventListener('click', () => finish(undefined));
    dialog.addEventListener('cancel', () => finish(undefined));
    dialog.showModal();
    widgetId = turnstile.render(box, { sitekey: siteKey, callback: (token) => finish(token) });
  });
}

/**
 * Sends with `send`; when the server asks for the human check, shows Cloudflare's widget and sends once
 * more with its token. A person who closes the widget gets the server's answer. Pages only.
 */
export async function withHumanCheck<T>(send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  try {
    return await send({});
  } catch (error) {
    const siteKey = humanCheckSiteKey(error);
    if (!siteKey) throw error;
    const token = await humanCheckToken(siteKey);
    if (!token) throw error;
    return send({ [HUMAN_CHECK_HEADER]: token });
  }
}
