import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { loginSchema } from '@edge/schemas/auth';
import { StorageLossNotice } from '../../components/storage-loss-notice';
import { errorMessage } from '../../lib/api-error';
import { setToken } from '../../lib/auth-token';
import { useLogin } from './auth-api';
import { landingPath, safeRedirect } from './redirect';
import './login-screen.css';

const LOGIN_FAILED = 'Login failed..';
const LOGIN_OK = 'Login successful.';
/** Long enough to read "Login successful." (and for tests to see it), short enough not to annoy. */
const NAVIGATE_DELAY_MS = 600;

export function LoginScreen({ redirectTo }: { redirectTo?: string | undefined }) {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const ids = { email: useId(), password: useId(), error: useId() };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const busy = loginMutation.isPending || success !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse({ email: form.get('email') ?? '', password: form.get('password') ?? '' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? LOGIN_FAILED);
      return;
    }
    loginMutation.mutate(parsed.data, {
      onSuccess(result) {
        setToken(result.token);
        setSuccess(result.message || LOGIN_OK);
        // The screen asked for, else the role's first screen (door staff land on the venue door).
        const target = safeRedirect(redirectTo, undefined, landingPath(result.user.role));
        timer.current = window.setTimeout(() => void navigate({ href: target, replace: true }), NAVIGATE_DELAY_MS);
      },
      onError(failure) {
        setError(errorMessage(failure, LOGIN_FAILED));
      },
    });
  }

  return (
    <main className="panel-page login">
      <div className="login__card">
        <div className="login__brand">
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <span>EventPro</span>
        </div>
        <h1 className="login__title">Admin Login</h1>
        <p className="login__subtitle">Sign in to manage events and registrations.</p>
        <StorageLossNotice />

        <form className="login__form" onSubmit={onSubmit} aria-describedby={error ? ids.error : undefined}>
          <div className="field">
            <label htmlFor={ids.email}>Email</label>
            <input
              id={ids.email}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              disabled={busy}
              // biome-ignore lint/a11y/noAutofocus: the login screen has one task; the e-mail field is where it starts
              autoFocus
            />
          </div>
          <div className="field">
            <label htmlFor={ids.password}>Password</label>
            <input id={ids.password} name="password" type="password" autoComplete="current-password" required disabled={busy} />
          </div>

          {error ? (
            <p id={ids.error} className="form-message form-message--error" role="alert">
              {error}
            </p>
          ) : null}
          {success ? (
            <p className="form-message form-message--success" role="status">
              {success}
            </p>
          ) : null}

          <button type="submit" className="button button--primary login__submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </button>
        </form>
      </div>
    </main>
  );
}
