import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import {
  categoryLines,
  countryCodeList,
  type MessageGuardForm,
  messageGuardFormSchema,
  type SiteSettingsForm,
  siteSettingsFormSchema,
} from '@edge/schemas/settings';
import { passwordResetFormSchema, USER_ROLE_CHOICES, userCreateSchema } from '@edge/schemas/users';
import { SelectField, TextAreaField, TextField } from '../../components/form/fields';
import { showServerErrors, useSchemaForm } from '../../components/form/schema-form';
import { Dialog } from '../../components/dialog';
import { EventPicker } from '../../components/event-picker';
import { Controller, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { statusLabel } from '../../components/panel-format';
import { formatTime, formatCreatedOn } from '@shared/dates';
import { useLogout, usePanelUser } from '../../components/panel-session';
import { toast } from '../../components/toasts';
import { api, errorMessage, readEnvelope } from '../../lib/api';
import {
  type Account,
  accountsQueryOptions,
  type LoginLock,
  loginLocksQueryOptions,
  type SiteSettings,
  settingsKeys,
  siteSettingsQueryOptions,
} from '../../components/settings-queries';
import { eventKeys } from '../../components/event-queries';
import { FormMessage } from '../../components/form-message';
import { ChangePasswordForm } from './change-password-form';
import { RegistrationQuestionsCard } from './registration-questions-card';

/** Settings: the signed-in account; for admins the site's contacts and featured event, and staff accounts. */
export function SettingsPage() {
  const user = usePanelUser();
  return (
    <section className="panel-screen">
      <header className="panel-screen__header">
        <div>
          <h1>Settings</h1>
          <p className="panel-muted">Your account{user?.role === 'admin' ? ', the public site and panel accounts' : ''}</p>
        </div>
      </header>
      <div className="panel-settings">
        <div className="panel-card">
          <h2>Your account</h2>
          {user ? (
            <dl className="panel-dl">
              <dt>Name</dt>
              <dd>{user.name}</dd>
              <dt>Email</dt>
              <dd data-testid="account-email">{user.email}</dd>
              <dt>Role</dt>
              <dd>{statusLabel(user.role)}</dd>
            </dl>
          ) : (
            <p className="panel-muted">Loading ...</p>
          )}
          <LogOutEverywhere />
        </div>
        <ChangePasswordForm />
        {user?.role === 'admin' ? <SiteSettingsCard /> : null}
        {user?.role === 'admin' ? <PaidMessagesCard /> : null}
        {user?.role === 'admin' ? <RegistrationQuestionsCard /> : null}
      </div>
      {user?.role === 'admin' ? <Accounts selfId={user.id} /> : null}
      {user?.role === 'admin' ? <LoginLocks /> : null}
    </section>
  );
}

/** Ends every session of this account: a lost tablet or a shared computer stops working at once. */
function LogOutEverywhere() {
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);
  const everywhere = useMutation({
    mutationFn: () => logout?.({ everywhere: true }) ?? Promise.resolve(),
    onError: (failure) => setError(errorMessage(failure, 'Could not reach the server. Please try again when online.')),
  });
  return (
    <div className="panel-form__actions">
      <p className="panel-muted">Signed in on a device you no longer have? End every session of this account, this one included.</p>
      <FormMessage kind="error" text={error} />
      <button type="button" className="button button--ghost" disabled={everywhere.isPending || !logout} onClick={() => everywhere.mutate()}>
        {everywhere.isPending ? 'Logging out ...' : 'Log out everywhere'}
      </button>
    </div>
  );
}

/**
 * Login locks (docs/decisions/004): counts of failed logins whose window still runs, locked ones first.
 * Clearing one lets that address (or device) try again at once.
 */
function LoginLocks() {
  const queryClient = useQueryClient();
  const locks = useQuery(loginLocksQueryOptions());
  const clear = useMutation({
    mutationFn: (lock: LoginLock) => readEnvelope(api.api.auth.locks[':key'].$delete({ param: { key: encodeURIComponent(lock.key) } })),
    onSuccess: (result) => toast.success(result.message || 'Lock cleared'),
    onError: (failure) => toast.error(errorMessage(failure, 'Failed to clear the lock')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.locks }),
  });
  const what = (lock: LoginLock) =>
    lock.kind === 'address'
      ? `Every account from ${lock.address}`
      : lock.kind === 'device'
        ? `${lock.account} on a remembered device`
        : `${lock.account} from ${lock.address}`;
  const items = locks.data ?? [];
  return (
    <div className="panel-card" style={{ marginTop: '1rem' }}>
      <h2>Login locks</h2>
      <p className="panel-muted">
        Failed logins are counted per account and address and per address; a device that has signed in before is never locked out by someone else.
      </p>
      {locks.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(locks.error, 'Failed to load login locks')}
        </p>
      ) : null}
      <div className="panel-table-wrap">
        <table className="panel-table">
          <caption className="visually-hidden">Login locks</caption>
          <thead>
            <tr>
              <th scope="col">Who</th>
              <th scope="col">Attempts</th>
              <th scope="col">Status</th>
              <th scope="col">Until</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {locks.isPending ? (
              <tr>
                <td colSpan={5} className="panel-table__empty">
                  Loading ...
                </td>
              </tr>
            ) : items.length === 0 ? (
              <tr>
                <td colSpan={5} className="panel-table__empty">
                  No failed logins in the last 15 minutes
                </td>
              </tr>
            ) : (
              items.map((lock) => (
                <tr key={lock.key}>
                  <td>{what(lock)}</td>
                  <td>
                    {lock.attempts} / {lock.maxAttempts}
                  </td>
                  <td>
                    <span className="panel-status">{lock.locked ? 'Locked' : 'Counting'}</span>
                  </td>
                  <td>{formatTime(lock.windowEndsAt)}</td>
                  <td>
                    <button type="button" className="button button--ghost button--small" onClick={() => clear.mutate(lock)}>
                      {lock.locked ? 'Unlock' : 'Clear'}
                      <span className="visually-hidden"> {what(lock)}</span>
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function SiteSettingsCard() {
  const settings = useQuery(siteSettingsQueryOptions());
  return (
    <div className="panel-card">
      <h2 id="site-settings">Public site</h2>
      {settings.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(settings.error, 'Failed to load settings')}
        </p>
      ) : null}
      {settings.data ? <PublicSiteForm saved={siteFormValues(settings.data)} /> : settings.isPending ? <p className="panel-muted">Loading ...</p> : null}
    </div>
  );
}

/**
 * Paid messages (WhatsApp, SMS): where they may go and how many, against what has gone this hour and
 * today; an alert when a cap has tripped and messages wait (decision 044).
 */
function PaidMessagesCard() {
  const settings = useQuery({ ...siteSettingsQueryOptions(), refetchInterval: 30_000 });
  const data = settings.data;
  return (
    <div className="panel-card">
      <h2 id="paid-messages">Paid messages</h2>
      {data ? (
        <>
          {!data.messaging.publicOrigin ? (
            <p className="panel-banner" role="alert">
              No pass message is sent: the server's PUBLIC_ORIGIN is not set.
            </p>
          ) : null}
          {data.paidMessageUsage.capReached ? (
            <p className="panel-banner" role="alert" data-testid="paid-cap-alert">
              The cap of paid messages per {data.paidMessageUsage.capReached} is reached: {data.paidMessageUsage.waiting} message
              {data.paidMessageUsage.waiting === 1 ? '' : 's'} wait for the next {data.paidMessageUsage.capReached}.
            </p>
          ) : null}
          <dl className="panel-dl" data-testid="paid-usage">
            <dt>This hour</dt>
            <dd>
              {data.paidMessageUsage.thisHour} of {data.paidMessageUsage.perHour}
            </dd>
            <dt>Today</dt>
            <dd>
              {data.paidMessageUsage.today} of {data.paidMessageUsage.perDay}
            </dd>
            <dt>Waiting</dt>
            <dd>{data.paidMessageUsage.waiting}</dd>
            <dt>Human check</dt>
            <dd data-testid="human-check-state">
              {!data.humanCheck.configured
                ? 'not set up (TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY)'
                : data.humanCheck.requiredNow
                  ? 'asked for now'
                  : 'not asked for now'}
            </dd>
          </dl>
          <MessageGuardFormCard saved={guardFormValues(data)} />
        </>
      ) : settings.isPending ? (
        <p className="panel-muted">Loading ...</p>
      ) : null}
    </div>
  );
}

function guardFormValues(settings: SiteSettings): MessageGuardForm {
  const guard = settings.messageGuard;
  return {
    allowedCountryCodes: guard.allowedCountryCodes.map((code) => `+${code}`).join(', '),
    paidPerHour: String(guard.paidPerHour),
    paidPerDay: String(guard.paidPerDay),
    paidPerNumberPerDay: String(guard.paidPerNumberPerDay),
    paidPerNetworkPerHour: String(guard.paidPerNetworkPerHour),
    smsAlsoWhenWhatsapp: guard.smsAlsoWhenWhatsapp ? 'yes' : 'no',
    humanCheck: guard.humanCheck,
    humanCheckAtPercent: String(guard.humanCheckAtPercent),
  };
}

const HUMAN_CHECK_CHOICES = [
  { value: 'busy', label: 'Only under unusual load (paid messages reach the share of a cap below)' },
  { value: 'always', label: 'Always' },
  { value: 'off', label: 'Never' },
];

const SMS_CHOICES = [
  { value: 'no', label: 'Only when WhatsApp fails or is not set up (one paid message per pass)' },
  { value: 'yes', label: 'Always, beside WhatsApp (two paid messages per pass)' },
];

function MessageGuardFormCard({ saved }: { saved: MessageGuardForm }) {
  const queryClient = useQueryClient();
  const form = useSavedSettingsForm(messageGuardFormSchema, saved);
  const save = useMutation({
    mutationFn: (values: z.output<typeof messageGuardFormSchema>) =>
      readEnvelope(
        api.api.settings.$put({
          json: {
            messageGuard: {
              allowedCountryCodes: countryCodeList(values.allowedCountryCodes),
              paidPerHour: Number(values.paidPerHour),
              paidPerDay: Number(values.paidPerDay),
              paidPerNumberPerDay: Number(values.paidPerNumberPerDay),
              paidPerNetworkPerHour: Number(values.paidPerNetworkPerHour),
              smsAlsoWhenWhatsapp: values.smsAlsoWhenWhatsapp === 'yes',
              humanCheck: values.humanCheck,
              humanCheckAtPercent: Number(values.humanCheckAtPercent),
            },
          },
        }),
      ),
    onSuccess(result) {
      toast.success(result.message || 'Settings saved');
      form.reset(guardFormValues(result.data));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.site });
    },
    onError: (failure) => showServerErrors(form, failure, 'Failed to save settings'),
  });
  return (
    <form className="panel-form" onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate aria-labelledby="paid-messages">
      <TextField
        form={form}
        name="allowedCountryCodes"
        label="Countries"
        placeholder="+91"
        hint="Country codes WhatsApp and SMS may go to. Premium, toll-free and special numbers never get one."
      />
      <TextField form={form} name="paidPerHour" label="Per hour (whole site)" inputMode="numeric" />
      <TextField form={form} name="paidPerDay" label="Per day (whole site)" inputMode="numeric" />
      <TextField form={form} name="paidPerNumberPerDay" label="Per number per day" inputMode="numeric" />
      <TextField
        form={form}
        name="paidPerNetworkPerHour"
        label="Per network per hour"
        inputMode="numeric"
        hint="Registrations from one network (a /24 or /64). Mobile carriers put many people behind one: keep it generous."
      />
      <SelectField form={form} name="smsAlsoWhenWhatsapp" label="SMS" options={SMS_CHOICES} />
      <SelectField form={form} name="humanCheck" label="Human check on the public forms" options={HUMAN_CHECK_CHOICES} />
      <TextField
        form={form}
        name="humanCheckAtPercent"
        label="Unusual load at (% of the hour's or day's cap)"
        inputMode="numeric"
        hint="Cloudflare Turnstile is asked for once this hour's or today's paid messages reach this share of their cap."
      />
      <FormMessage kind="error" text={form.formState.errors.root?.server?.message} />
      <div className="panel-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save limits'}
        </button>
      </div>
    </form>
  );
}

/**
 * A Settings card's form over its stored values. Newer stored values (a refetch, another organiser's save)
 * replace the fields only while nothing typed here is unsaved: what the organiser is typing is never thrown away.
 */
function useSavedSettingsForm<Input extends FieldValues, Output>(schema: StandardSchemaV1<Input, Output>, saved: DefaultValues<Input>) {
  const form = useSchemaForm(schema, saved);
  const savedKey = JSON.stringify(saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `savedKey` stands for `saved`'s content
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(saved);
  }, [savedKey]);
  return form;
}

/** The stored settings as the form's fields hold them. */
function siteFormValues(settings: SiteSettings): SiteSettingsForm {
  return {
    contactPhone: settings.contactPhone,
    contactEmail: settings.contactEmail,
    featuredEventId: settings.featuredEventId ?? '',
    founderVideoUrl: settings.founderVideoUrl ?? '',
    founderBio: settings.founderBio ?? '',
    privacyNotice: settings.privacyNotice ?? '',
    awardCategories: (settings.awardCategories ?? []).join('\n'),
  };
}

function PublicSiteForm({ saved }: { saved: SiteSettingsForm }) {
  const queryClient = useQueryClient();
  const form = useSavedSettingsForm(siteSettingsFormSchema, saved);
  const save = useMutation({
    mutationFn: ({ featuredEventId, awardCategories, ...values }: z.output<typeof siteSettingsFormSchema>) =>
      readEnvelope(
        api.api.settings.$put({
          json: { ...values, awardCategories: categoryLines(awardCategories), ...(featuredEventId ? { featuredEventId } : {}) },
        }),
      ),
    onSuccess(result) {
      toast.success(result.message || 'Settings saved');
      form.reset(siteFormValues(result.data)); // what was stored (trimmed, in order) is what the fields show
      void queryClient.invalidateQueries({ queryKey: settingsKeys.site });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
    onError: (failure) => showServerErrors(form, failure, 'Failed to save settings'),
  });
  return (
    <form className="panel-form" onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate aria-labelledby="site-settings">
      <TextField form={form} name="contactPhone" label="Contact phone" type="tel" placeholder="+91 98765 43210" />
      <TextField form={form} name="contactEmail" label="Contact e-mail" type="email" />
      <Controller
        control={form.control}
        name="featuredEventId"
        render={({ field, fieldState }) => (
          <EventPicker
            label="Featured event"
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
            emptyLabel="Select an event"
          />
        )}
      />
      <TextField
        form={form}
        name="founderVideoUrl"
        label="Founder video"
        inputMode="url"
        placeholder="/media/founder.mp4"
        hint="A video file on this site (.mp4 or .webm). Leave empty until there is one: the home page then says the video is coming."
      />
      <TextAreaField
        form={form}
        name="founderBio"
        label="Founder profile"
        rows={4}
        hint="Shown beside the founder's video on the home page. Leave empty and the home page says nothing about the founder."
      />
      <TextAreaField
        form={form}
        name="privacyNotice"
        label="Privacy notice"
        rows={8}
        hint="The text of the site's privacy page (/privacy), linked from every form and the footer. Separate paragraphs with a blank line. Leave empty for the default notice, which says only what this site does with the details its forms ask for."
      />
      <TextAreaField
        form={form}
        name="awardCategories"
        label="Award categories"
        rows={6}
        placeholder={'Best Luxury Project\nBest Affordable Housing'}
        hint="One per line. Listed on the site under the awards, in this order, and the choices of the category in the public nomination form and in Awardees Nominees."
      />
      <FormMessage kind="error" text={form.formState.errors.root?.server?.message} />
      <div className="panel-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

function Accounts({ selfId }: { selfId: string }) {
  const queryClient = useQueryClient();
  const accounts = useQuery(accountsQueryOptions());
  const [resetting, setResetting] = useState<Account | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: settingsKeys.users });

  const toggle = useMutation({
    mutationFn: (account: Account) => readEnvelope(api.api.users[':id'].$put({ param: { id: account.id }, json: { disabled: !account.disabled } })),
    onSuccess: (result) => toast.success(result.message || 'Account updated'),
    onError: (failure) => toast.error(errorMessage(failure, 'Failed to update account')),
    onSettled: reload,
  });

  return (
    <div className="panel-card">
      <h2>Panel accounts</h2>
      <CreateAccount onCreated={() => void reload()} />
      {accounts.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(accounts.error, 'Failed to load accounts')}
        </p>
      ) : null}
      <div className="panel-table-wrap" style={{ marginTop: '1rem' }}>
        <table className="panel-table">
          <caption className="visually-hidden">Panel accounts</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Last login</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {accounts.isPending ? (
              <tr>
                <td colSpan={6} className="panel-table__empty">
                  Loading ...
                </td>
              </tr>
            ) : (
              (accounts.data ?? []).map((account) => (
                <tr key={account.id}>
                  <td>{account.name}</td>
                  <td>{account.email}</td>
                  <td>{statusLabel(account.role)}</td>
                  <td>
                    <span className="panel-status">{account.disabled ? 'Disabled' : 'Active'}</span>
                  </td>
                  <td>{formatCreatedOn(account.lastLoginAt)}</td>
                  <td>
                    <div className="panel-row-actions">
                      {account.id !== selfId ? (
                        <button type="button" className="button button--ghost button--small" onClick={() => toggle.mutate(account)}>
                          {account.disabled ? 'Enable' : 'Disable'}
                          <span className="visually-hidden"> {account.email}</span>
                        </button>
                      ) : null}
                      <button type="button" className="button button--ghost button--small" onClick={() => setResetting(account)}>
                        Reset password<span className="visually-hidden"> for {account.email}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {resetting ? (
        <Dialog placement="sheet" title="Reset password" width={500} onClose={() => setResetting(null)}>
          <ResetPassword account={resetting} onDone={() => setResetting(null)} />
        </Dialog>
      ) : null}
    </div>
  );
}

const NEW_ACCOUNT: z.input<typeof userCreateSchema> = { name: '', email: '', role: 'staff', password: '' };
const ROLE_OPTIONS = USER_ROLE_CHOICES.map((role) => ({ value: role, label: statusLabel(role) }));

function CreateAccount({ onCreated }: { onCreated: () => void }) {
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

function ResetPassword({ account, onDone }: { account: Account; onDone: () => void }) {
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
