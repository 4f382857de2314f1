import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { countryCodeList, type MessageGuardForm, messageGuardFormSchema } from '@edge/schemas/settings';
import { SelectField, TextField } from '../../components/form/fields';
import { showServerErrors } from '../../components/form/schema-form';
import { toast } from '../../components/toasts';
import { api, readEnvelope } from '../../lib/api';
import { type SiteSettings, settingsKeys, siteSettingsQueryOptions } from '../../components/settings-queries';
import { FormMessage } from '../../components/form-message';
import { useSavedSettingsForm } from './saved-settings-form';

/**
 * Paid messages (WhatsApp, SMS): where they may go and how many, against what has gone this hour and
 * today; an alert when a cap has tripped and messages wait (decision 044).
 */
export function PaidMessagesCard() {
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
