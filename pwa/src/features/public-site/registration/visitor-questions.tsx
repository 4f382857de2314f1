import { useEffect, useState } from 'react';
import { CONSENT_NOTICES, PRIVACY_PATH } from '@shared/consent';
import {
  ANSWER_MESSAGES,
  type Answers,
  answerField,
  answerMessage,
  checkAnswers,
  interestAnswers,
  type RegistrationQuestion,
} from '@shared/registration-questions';
import { type Translate, useLocale } from '../i18n/locale';
import { useEvent } from '../site-data';
import type { FieldErrors } from './registration-types';

/**
 * What a visitor's form asks beyond its fields (issue 32, decision 079): the event's registration
 * questions (shared/registration-questions.ts) and the exhibitors box, a consent of its own, off unless
 * ticked (shared/consent.ts). Both visitor forms, the page's and the popup's, use this one hook and its two
 * parts; the server checks the answers again against the event.
 */
export function useVisitorQuestions(active: boolean, clearFormError: (field: string) => void) {
  const event = useEvent();
  const questions = active ? event.registrationQuestions : [];
  const [answers, setAnswers] = useState<Answers>({});
  const [sharesWithExhibitors, setSharesWithExhibitors] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  // `?interest=villa` (the home page's cards) chooses that answer, after the first render so the page the
  // server rendered and the one the browser builds agree.
  useEffect(() => {
    if (!active || questions.length === 0) return;
    const interest = new URLSearchParams(window.location.search).get('interest');
    if (interest) setAnswers((current) => ({ ...interestAnswers(questions, interest), ...current }));
  }, [active, questions]);

  const choose = (question: RegistrationQuestion, choiceId: string, on: boolean) => {
    setAnswers((current) => {
      const chosen = current[question.id] ?? [];
      const next = question.kind === 'single' ? [choiceId] : on ? [...chosen, choiceId] : chosen.filter((id) => id !== choiceId);
      const { [question.id]: _, ...others } = current;
      return next.length > 0 ? { ...others, [question.id]: next } : others;
    });
    setErrors((current) => {
      const { [answerField(question.id)]: _, ...others } = current;
      return others;
    });
    // The server's message for this question (kept with the form's) goes too.
    clearFormError(answerField(question.id));
  };

  /** What the submission adds to the form's body, or the questions' messages (then nothing is sent). */
  const check = (): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FieldErrors } => {
    if (!active) return { ok: true, body: {} };
    const checked = checkAnswers(questions, answers);
    if (!checked.ok) {
      setErrors(checked.errors);
      return checked;
    }
    setErrors({});
    return {
      ok: true,
      body: { answers: checked.answers, ...(sharesWithExhibitors ? { exhibitorsConsentVersion: CONSENT_NOTICES.exhibitors.version } : {}) },
    };
  };

  const reset = () => {
    setAnswers({});
    setSharesWithExhibitors(false);
    setErrors({});
  };

  return { active, questions, answers, choose, sharesWithExhibitors, setSharesWithExhibitors, errors, setErrors, check, reset };
}

export type VisitorQuestions = ReturnType<typeof useVisitorQuestions>;

/** A question's message in the page's language: the label stays the organiser's, the words around it are translated. */
const messageIn = (t: Translate, message: string, question: RegistrationQuestion) => {
  const template = Object.values(ANSWER_MESSAGES).find((words) => answerMessage(words, question) === message);
  return template ? t(template, { question: question.label }) : t(message);
};

/** The event's questions: radio buttons for one answer, check boxes for several; each message beside its question. */
export function QuestionFields({ state, idPrefix, serverErrors = {} }: { state: VisitorQuestions; idPrefix: string; serverErrors?: FieldErrors }) {
  const { t } = useLocale();
  return (
    <>
      {state.questions.map((question) => {
        const error = state.errors[answerField(question.id)] ?? serverErrors[answerField(question.id)];
        const id = `${idPrefix}-q-${question.id}`;
        return (
          <fieldset key={question.id} className="field form__question" aria-describedby={error ? `${id}-error` : undefined}>
            <legend>
              {question.label}
              {question.required ? <span aria-hidden="true"> *</span> : null}
            </legend>
            <div className="form__choices">
              {question.choices.map((choice, index) => (
                <label key={choice.id} className="form__choice">
                  <input
                    type={question.kind === 'single' ? 'radio' : 'checkbox'}
                    name={id}
                    value={choice.id}
                    checked={(state.answers[question.id] ?? []).includes(choice.id)}
                    aria-invalid={error && index === 0 ? true : undefined}
                    onChange={(event) => state.choose(question, choice.id, event.currentTarget.checked)}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
            {error ? (
              <p id={`${id}-error`} className="field__error">
                {messageIn(t, error, question)}
              </p>
            ) : null}
          </fieldset>
        );
      })}
    </>
  );
}

/** The exhibitors box: off unless ticked; its words say for what and how to withdraw, the privacy notice a link away. */
export function ExhibitorsConsentBox({ state, idPrefix }: { state: VisitorQuestions; idPrefix: string }) {
  const { t, href } = useLocale();
  const notice = CONSENT_NOTICES.exhibitors;
  const id = `${idPrefix}-exhibitors`;
  return (
    <div className="form__optin">
      <label className="form__choice" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="exhibitorsConsent"
          checked={state.sharesWithExhibitors}
          aria-describedby={`${id}-text`}
          onChange={(event) => state.setSharesWithExhibitors(event.currentTarget.checked)}
        />
        {t(notice.label ?? '')}
      </label>
      <p id={`${id}-text`} className="form__optin-text">
        {t(notice.text)}{' '}
        <a href={href(PRIVACY_PATH)} target="_blank" rel="noopener">
          {t('Privacy notice')}
        </a>
      </p>
    </div>
  );
}
