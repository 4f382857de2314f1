import { useId } from 'react';
import { Dialog } from '@pwa/components/dialog';
import type { SavedPass } from '@pwa/offline/db';
import { useLocale } from '../i18n/locale';
import { ConsentLine } from './consent-line';
import { FamilyMembers } from './family-members';
import { PopupField } from './popup-field';
import { PopupIcon } from './popup-icon';
import { usePopupSubmitFlow } from './popup-submit-flow';
import type { RegistrationType } from './registration-types';
import { ExhibitorsConsentBox, QuestionFields } from './visitor-questions';

const POPUP_TEXT = 'Fill in the details below to complete your registration.';

export interface PopupProps {
  type: RegistrationType;
  subscription?: string;
  eventName: string;
  onClose: () => void;
  onPass: (pass: SavedPass) => void;
}

export default function RegistrationPopup(props: PopupProps) {
  const { type, onClose } = props;
  const { t } = useLocale();
  const formId = useId();
  const {
    spec,
    closed,
    visitorQuestions,
    isVisitor,
    family,
    familyErrors,
    changeFamily,
    values,
    errors,
    set,
    sending,
    message,
    form,
    resetKey,
    dirty,
    onSubmit,
  } = usePopupSubmitFlow(props);
  return (
    <Dialog title={t(type)} onClose={onClose} closeOnBackdrop={!dirty && !sending} icon={<PopupIcon type={type} />}>
      <p className="popup__text">{t(POPUP_TEXT)}</p>
      {closed ? (
        <p className="form__message form__message--info form__closed" role="status">
          {t(closed)}
        </p>
      ) : null}
      <form ref={form} id={formId} className="form" noValidate onSubmit={onSubmit}>
        {spec.fields.map((field) => (
          <PopupField
            key={field.name}
            field={field}
            formId={formId}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            resetKey={resetKey}
            onChange={(value) => set(field.name, value)}
          />
        ))}
        <QuestionFields state={visitorQuestions} idPrefix={formId} serverErrors={errors} />
        {/* The popup is the app's from its first render: its buttons are live at once. */}
        {isVisitor ? <FamilyMembers members={family} errors={familyErrors} live onChange={changeFamily} /> : null}
        {visitorQuestions.active ? <ExhibitorsConsentBox state={visitorQuestions} idPrefix={formId} /> : null}
        <ConsentLine endpoint={spec.endpoint} />
        <div role="status" aria-live="polite" className="form__status">
          {message ? <p className={`form__message form__message--${message.tone}`}>{t(message.text)}</p> : null}
        </div>
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={sending}>
            {t('Cancel')}
          </button>
          <button type="submit" className="button button--primary" aria-busy={sending} disabled={closed !== null}>
            {t(sending ? 'Submitting...' : 'Submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
