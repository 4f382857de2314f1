import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { categoryLines, type SiteSettingsForm, siteSettingsFormSchema } from '@edge/schemas/settings';
import { TextAreaField, TextField } from '../../components/form/fields';
import { showServerErrors } from '../../components/form/schema-form';
import { EventPicker } from '../../components/event-picker';
import { Controller } from 'react-hook-form';
import { toast } from '../../components/toasts';
import { api, errorMessage, readEnvelope } from '../../lib/api';
import { type SiteSettings, settingsKeys, siteSettingsQueryOptions } from '../../components/settings-queries';
import { eventKeys } from '../../components/event-queries';
import { FormMessage } from '../../components/form-message';
import { useSavedSettingsForm } from './saved-settings-form';

/** The public site's settings: contacts, featured event, founder, privacy notice and award categories. */
export function SiteSettingsCard() {
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
