import { EMAIL_LABEL } from '@shared/schemas/vocabulary';
import { useLocale } from '../i18n/locale';
import { CityPicker } from './city-picker';
import { FamilyMembers } from './family-members';
import { InlineField } from './inline-field';
import type { InlineSubmitFlow } from './inline-submit-flow';
import { PROFESSIONAL_TYPES } from './registration-types';
import { ExhibitorsConsentBox, QuestionFields } from './visitor-questions';

/** The visitor's fields of the inline form: name, number, profession, organisation, city, email, the event's questions, the people with them. */
export function InlineVisitorFields({ id, flow }: { id: string; flow: InlineSubmitFlow }) {
  const { t } = useLocale();
  const { bound, values, errors, set, showErrors, visitorQuestions, family, familyErrors, changeFamily, cityKey, live } = flow;
  return (
    <>
      <InlineField id={`${id}-name`} {...bound('fullName')} label="Full Name" autoComplete="name" />
      <InlineField id={`${id}-mobile`} {...bound('mobileNumber')} label="Mobile Number" type="tel" autoComplete="tel-national" />
      <div className="field">
        <label htmlFor={`${id}-profession`}>{t('Professional Type')}</label>
        <select
          id={`${id}-profession`}
          name="workingProfessional"
          value={values.workingProfessional ?? 'Others'}
          onChange={(event) => set('workingProfessional')(event.target.value)}
        >
          {PROFESSIONAL_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(option)}
            </option>
          ))}
        </select>
      </div>
      <InlineField id={`${id}-org`} {...bound('organizationName')} label="Organization Name" autoComplete="organization" required={false} />
      <CityPicker key={cityKey} name="city" label={t('City')} value={values.city ?? ''} error={errors.city} onChange={set('city')} onInvalid={showErrors} />
      <InlineField id={`${id}-email`} {...bound('email')} label={EMAIL_LABEL} type="email" autoComplete="email" required={false} />
      <QuestionFields state={visitorQuestions} idPrefix={id} serverErrors={errors} />
      <FamilyMembers members={family} errors={familyErrors} live={live} onChange={changeFamily} />
      <ExhibitorsConsentBox state={visitorQuestions} idPrefix={id} />
    </>
  );
}
