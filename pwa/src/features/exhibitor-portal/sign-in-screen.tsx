import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { signInSchema } from '@edge/schemas/exhibitors';
import { FieldShell } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/schema-form';
import { errorMessage } from '../../lib/api-error';
import { requestCode, signIn } from './portal-queries';
import { portalToken } from '../../lib/portal-token';
import './portal.css';

/**
 * The portal's sign-in: the mobile number (filled in from the invitation's link), a 6-digit code sent to it
 * by WhatsApp or SMS, and nothing to remember. Two steps of one form over the API's own schema.
 */
export function SignInScreen() {
  const navigate = useNavigate();
  // `?m=` of the invitation's link. Read as the raw text: the router would read 9876543210 as a number.
  const [mobile] = useState(() => new URLSearchParams(window.location.search).get('m')?.slice(0, 20) ?? '');
  const form = useSchemaForm(signInSchema, { mobileNumber: mobile, code: '' });
  const [step, setStep] = useState<'mobile' | 'code'>('mobile');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement | null>(null);
  const errorId = useId();
  const error = form.formState.errors.root?.server?.message ?? null;

  const sendCode = async () => {
    if (busy || !(await form.trigger('mobileNumber'))) return;
    setBusy(true);
    form.clearErrors('root.server');
    try {
      const answer = await requestCode(form.getValues('mobileNumber'));
      setNotice(answer.message);
      setStep('code');
      window.setTimeout(() => codeInput.current?.focus(), 0);
    } catch (failure) {
      form.setError('root.server', { type: 'server', message: errorMessage(failure, 'The code could not be sent. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = form.handleSubmit(async (input) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await signIn(input);
      portalToken.set(answer.token);
      await navigate({ to: '/exhibitor', replace: true });
    } catch (failure) {
      form.setError('root.server', { type: 'server', message: errorMessage(failure, 'Sign-in failed. Please try again.') });
      setBusy(false);
    }
  });
  const { ref: codeRef, ...codeField } = form.register('code');

  return (
    <main className="panel-page portal-signin">
      <div className="portal-signin__card">
        <div className="portal-signin__brand">
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <span>EventPro</span>
        </div>
        <h1>Exhibitor sign-in</h1>
        <p className="panel-muted">Your booking, its payment and your team. No password: a code comes to your mobile.</p>
        <form
          className="portal-form"
          noValidate
          aria-describedby={error ? errorId : undefined}
          onSubmit={(event) => {
            if (step === 'mobile') {
              event.preventDefault();
              void sendCode();
            } else void onSubmit(event);
          }}
        >
          <FieldShell
            form={form}
            name="mobileNumber"
            label="Mobile number"
            required
            control={(props) => (
              <input {...props} type="tel" inputMode="tel" autoComplete="tel" disabled={busy || step === 'code'} {...form.register('mobileNumber')} />
            )}
          />
          {step === 'code' ? (
            <>
              {notice ? (
                <p className="form-message form-message--success" role="status">
                  {notice}
                </p>
              ) : null}
              <FieldShell
                form={form}
                name="code"
                label="6-digit code"
                required
                control={(props) => (
                  <input
                    {...props}
                    {...codeField}
                    ref={(element) => {
                      codeRef(element);
                      codeInput.current = element;
                    }}
                    className="portal-signin__code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    disabled={busy}
                  />
                )}
              />
            </>
          ) : null}
          {error ? (
            <p id={errorId} className="form-message form-message--error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {step === 'mobile' ? (busy ? 'Sending…' : 'Send me a code') : busy ? 'Signing in…' : 'Sign in'}
          </button>
          {step === 'code' ? (
            <button
              type="button"
              className="portal-link-button"
              disabled={busy}
              onClick={() => {
                setStep('mobile');
                setNotice(null);
                form.setValue('code', '');
              }}
            >
              Use another number, or send a new code
            </button>
          ) : null}
        </form>
      </div>
    </main>
  );
}
