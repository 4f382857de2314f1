import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { passwordResetFormSchema, USER_ROLES, userCreateSchema } from '@edge/schemas/users';
import { SelectField, TextField } from '../../components/form/fields';
import { showServerErrors, useSchemaForm } from '../../components/form/schema-form';
import { statusLabel } from '../../components/panel-format';
import { toast } from '../../components/toasts';
import { api, readEnvelope } from '../../lib/api';
import type { Account } from '../../components/settings-queries';
import { FormMessage } from '../../components/form-message';

const NEW_ACCOUNT: z.input<typeof userCreateSchema> = { name: '', email: '', role: 'staff', password: '' };
const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: statusLabel(role) }));

/** A new panel account; the list reloads once it is made. */
export function CreateAccount({ onCreated }: { onCreated: () => void }) {
  const form = useSchemaForm(userCreateSchema, NEW_ACCOUNT);
  const create = useMutation({
    mutationFn: (values: z.output<typeof userCreateSchema>) => readEnvelope(api.api.users.$post({ json: values })),
    onSuccess(result) {
      toast.success(result.message || 'Account created');
      form.reset(NEW_ACCOUNT);
      onCreated();
    },
    onError: (failure) => showServerErrors(form, failure, 'Failed to create account'),
  });
  return (
    <form className="panel-form" onSubmit={form.handleSubmit((values) => create.mutate(values))} noValidate aria-label="Create an account">
      <div className="panel-form__grid">
        <TextField form={form} name="name" label="Name" required autoComplete="off" />
        <TextField form={form} name="email" label="Email" type="email" required autoComplete="off" />
        <SelectField form={form} name="role" label="Role" required options={ROLE_OPTIONS} />
        <TextField form={form} name="password" label="Password" type="password" required autoComplete="new-password" hint="At least 10 characters" />
      </div>
      <FormMessage kind="error" text={form.formState.errors.root?.server?.message} />
      <div className="panel-form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating ...' : 'Create account'}
        </button>
      </div>
    </form>
  );
}

/** An admin sets a new password for another account. */
export function ResetPassword({ account, onDone }: { account: Account; onDone: () => void }) {
  const form = useSchemaForm(passwordResetFormSchema, { password: '' });
  const reset = useMutation({
    mutationFn: ({ password }: { password: string }) => readEnvelope(api.api.users[':id'].$put({ param: { id: account.id }, json: { password } })),
    onSuccess(result) {
      toast.success(result.message || 'Password reset');
      onDone();
    },
    onError: (failure) => showServerErrors(form, failure, 'Failed to reset password'),
  });
  return (
    <form className="panel-form" noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
      <p className="panel-muted">New password for {account.email}</p>
      <TextField form={form} name="password" label="New password" type="password" required autoComplete="new-password" hint="At least 10 characters" />
      <FormMessage kind="error" text={form.formState.errors.root?.server?.message} />
      <div className="panel-form__actions">
        <button type="submit" className="button button--primary" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Reset password'}
        </button>
      </div>
    </form>
  );
}
