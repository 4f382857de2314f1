import { useMutation } from '@tanstack/react-query';
import { type PasswordChangeForm, passwordChangeFormSchema } from '@edge/schemas/auth';
import { FormMessage } from '../../components/form-message';
import { showServerErrors, useSchemaForm } from '../../components/form/schema-form';
import { TextField } from '../../components/form/fields';
import { toast } from '../../components/toasts';
import { api, readEnvelope } from '../../lib/api';

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Every user's own password: the current one proves it is them; other devices are logged out after. */
export function ChangePasswordForm() {
  const form = useSchemaForm(passwordChangeFormSchema, EMPTY);
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordChangeForm) => readEnvelope(api.api.auth.password.$post({ json: { currentPassword, newPassword } })),
    onSuccess: (result) => {
      toast.success(result.message);
      form.reset(EMPTY);
    },
    onError: (failure) => showServerErrors(form, failure, 'Failed to change the password. Please try again.'),
  });
  const busy = change.isPending;
  return (
    <form className="panel-card panel-form" noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))} aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <TextField form={form} name="currentPassword" label="Current password" type="password" autoComplete="current-password" required />
      <TextField form={form} name="newPassword" label="New password" type="password" autoComplete="new-password" required hint="At least 10 characters" />
      <TextField form={form} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" required />
      <FormMessage kind="error" text={form.formState.errors.root?.server?.message} />
      <div className="panel-form__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Changing ...' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
