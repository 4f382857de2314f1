import { useId, useState } from 'react';
import { MAX_FAMILY_MEMBERS } from '@shared/schemas/vocabulary';
import { type Translate, useLocale } from '../i18n/locale';
import { type FieldErrors, type FormRules, withoutField } from './registration-types';

export interface FamilyMember {
  fullName: string;
  mobileNumber: string;
}

/**
 * The people registering with a visitor, as a visitor form holds them (the inline form and the popup alike):
 * the list, each field's message keyed `<index>.<field>`, and the check by the inline member schema.
 */
export function useFamily() {
  const [family, setFamily] = useState<FamilyMember[]>([]);
  const [familyErrors, setFamilyErrors] = useState<FieldErrors>({});
  const changeFamily = (members: FamilyMember[], changed?: string) => {
    setFamily(members);
    // A message goes as soon as its field changes; removing a person renumbers the rest, so all go.
    setFamilyErrors((current) => (changed ? withoutField(current, changed) : {}));
  };
  /** Each person, checked by the same rules as the visitor's name and number; their messages shown. `members`: the bodies to send. */
  const checkFamily = (rules: FormRules) => {
    const checked = family.map((member) => rules.checkForm(rules.INLINE_FAMILY_MEMBER_SCHEMA, member));
    const memberErrors: FieldErrors = Object.fromEntries(
      checked.flatMap((member, index) => (member.ok ? [] : Object.entries(member.errors).map(([field, text]) => [`${index}.${field}`, text]))),
    );
    setFamilyErrors(memberErrors);
    return { members: checked.flatMap((member) => (member.ok ? [member.body] : [])), ok: Object.keys(memberErrors).length === 0 };
  };
  const resetFamily = () => changeFamily([]);
  return { family, familyErrors, changeFamily, checkFamily, resetFamily };
}

/** What a success says of the family's passes: nothing without a family. */
export const familyPassesLine = (count: number, t: Translate) =>
  count === 0
    ? ''
    : count === 1
      ? t('The passes of the person with you are saved in My passes.')
      : t('The passes of the {count} people with you are saved in My passes.', { count });

/**
 * "Registering your family too?": up to MAX_FAMILY_MEMBERS more people, each a name and, if they have one,
 * a number of their own (decision 077). Each gets a pass of their own; a pass goes by WhatsApp or SMS only
 * to a number given here. Messages beside each field are keyed `<index>.<field>`.
 */
export function FamilyMembers({
  members,
  errors,
  live,
  onChange,
}: {
  members: FamilyMember[];
  /** The form's script has taken the form over: before that, a press could add nobody. */
  live: boolean;
  errors: Record<string, string>;
  onChange: (members: FamilyMember[], changed?: string) => void;
}) {
  const id = useId();
  const { t } = useLocale();
  const set = (index: number, field: keyof FamilyMember, value: string) =>
    onChange(
      members.map((member, i) => (i === index ? { ...member, [field]: value } : member)),
      `${index}.${field}`,
    );
  return (
    <fieldset className="family">
      <legend>{t('Registering your family too?')}</legend>
      <p className="family__hint">
        {t(
          'Add up to {count} more people. Each gets their own pass, saved on this device. We send a pass by WhatsApp or SMS only to a number you give for that person; without one, “Find my pass” with your number finds it.',
          { count: MAX_FAMILY_MEMBERS },
        )}
      </p>
      {members.map((member, index) => {
        const nameError = errors[`${index}.fullName`];
        const mobileError = errors[`${index}.mobileNumber`];
        // Each person's fields are told apart by their number, for a screen reader too.
        const who = t('Person {number}', { number: index + 2 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a member is its place in the list; removing one renumbers the rest on purpose
          <fieldset key={index} className="family__member">
            <legend className="family__who">{who}</legend>
            <div className="field">
              <label htmlFor={`${id}-${index}-name`}>
                {t('Full Name')}
                <span aria-hidden="true"> *</span>
              </label>
              <input
                id={`${id}-${index}-name`}
                name={`family.${index}.fullName`}
                autoComplete="off"
                value={member.fullName}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${id}-${index}-name-error` : undefined}
                onChange={(event) => set(index, 'fullName', event.target.value)}
              />
              {nameError ? (
                <p id={`${id}-${index}-name-error`} className="field__error">
                  {t(nameError)}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={`${id}-${index}-mobile`}>{t('Mobile Number (optional)')}</label>
              <input
                id={`${id}-${index}-mobile`}
                name={`family.${index}.mobileNumber`}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="9876543210"
                value={member.mobileNumber}
                aria-invalid={mobileError ? true : undefined}
                aria-describedby={mobileError ? `${id}-${index}-mobile-error` : undefined}
                onChange={(event) => set(index, 'mobileNumber', event.target.value)}
              />
              {mobileError ? (
                <p id={`${id}-${index}-mobile-error`} className="field__error">
                  {t(mobileError)}
                </p>
              ) : null}
            </div>
            <button type="button" className="button button--secondary family__remove" onClick={() => onChange(members.filter((_, i) => i !== index))}>
              {t('Remove {person}', { person: who })}
            </button>
          </fieldset>
        );
      })}
      {members.length < MAX_FAMILY_MEMBERS ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={!live}
          data-live={live}
          onClick={() => onChange([...members, { fullName: '', mobileNumber: '' }])}
        >
          {t('Add a person')}
        </button>
      ) : (
        <p className="family__hint">{t('That is the most one registration can add: register others separately.')}</p>
      )}
    </fieldset>
  );
}
