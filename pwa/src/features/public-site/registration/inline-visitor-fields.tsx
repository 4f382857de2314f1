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
  return (
    <>
      <InlineField id={`${id}-name`} {...flow.bound('fullName')} label="Full Name" autoComplete="name" />
      <InlineField id={`${id}-mobile`} {...flow.bound('mobileNumber')} label="Mobile Number" type="tel" autoComplete="tel-national" />
      <div className="field">
        <label htmlFor={`${id}-profession`}>{t('Professional Type')}</label>
        <select
          id={`${id}-profession`}
          name="workingProfessional"
          value={flow.values.workingProfessional ?? 'Others'}
          onChange={(event) => flow.set('workingProfessional')(event.target.value)}
        >
          {PROFESSIONAL_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(option)}
            </option>
          ))}
        </select>
      </div>
      <InlineField id={`${id}-org`} {...flow.bound('organizationName')} label="Organization Name" autoComplete="organization" required={false} />
      <CityPicker key={flow.cityKey} {...flow.bound('city')} label={t('City')} />
      <InlineField id={`${id}-email`} {...flow.bound('email')} label={EMAIL_LABEL} type="email" autoComplete="email" required={false} />
      <QuestionFields state={flow.visitorQuestions} idPrefix={id} serverErrors={flow.errors} />
      <FamilyMembers members={flow.family} errors={flow.familyErrors} live={flow.live} onChange={flow.changeFamily} />
      <ExhibitorsConsentBox state={flow.visitorQuestions} idPrefix={id} />
    </>
  );
}
