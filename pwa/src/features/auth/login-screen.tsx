import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { loginSchema } from '@edge/schemas/auth';
import { FieldShell } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/schema-form';
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
  // The panel's one form approach: react-hook-form over the API's own login schema, each message under its field.
  const form = useSchemaForm(loginSchema, { email: '', password: '' });
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const errorId = useId();
  const error = form.formState.errors.root?.server?.message ?? null;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const busy = loginMutation.isPending || success !== null;

  const onSubmit = form.handleSubmit((credentials) => {
    if (busy) return;
    loginMutation.mutate(credentials, {
      onSuccess(result) {
        setToken(result.token);
        setSuccess(result.message || LOGIN_OK);
        // The screen asked for, else the role's first screen (door staff land on the venue door).
        const target = safeRedirect(redirectTo, undefined, landingPath(result.user.role));
        timer.current = window.setTimeout(() => void navigate({ href: target, replace: true }), NAVIGATE_DELAY_MS);
      },
      onError(failure) {
        form.setError('root.server', { type: 'server', message: errorMessage(failure, LOGIN_FAILED) });
      },
    });
  });

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

        <form className="login__form" onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? errorId : undefined} noValidate>
          <FieldShell
            form={form}
            name="email"
            label="Email"
            control={(props) => (
              <input
                {...props}
                type="email"
                autoComplete="username"
                inputMode="email"
                disabled={busy}
                // biome-ignore lint/a11y/noAutofocus: the login screen has one task; the e-mail field is where it starts
                autoFocus
                {...form.register('email')}
              />
            )}
          />
          <FieldShell
            form={form}
            name="password"
            label="Password"
            control={(props) => <input {...props} type="password" autoComplete="current-password" disabled={busy} {...form.register('password')} />}
          />

          {error ? (
            <p id={errorId} className="form-message form-message--error" role="alert">
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
