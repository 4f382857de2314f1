import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { changeLocation, citiesOf, INDIA_STATES } from '@pwa/lib/india-locations';
import { INTL_LOCALES } from '../i18n/languages';
import { useLocale } from '../i18n/locale';
import { choiceBeforeHydration } from './form-takeover';

interface CityPickerProps {
  /** The city field's name and label. */
  name: string;
  label: string;
  value: string;
  onChange: (city: string) => void;
  error?: string;
  required?: boolean;
  className?: string;
  /** The browser found a field empty (required): the form shows its own message instead of the browser's bubble. */
  onInvalid?: () => void;
}

/** The last choice of every state's cities: a town the list does not name is typed instead. */
export const OTHER_CITY = 'Other';

/**
 * State then city (changing the state clears the city). A town the list lacks (Suryapet, Sangareddy) is
 * "Other", then typed in a field of its own; what is sent as the city is the town as typed. Only the city
 * is sent. A state shows in the page's language (its name from the catalogue) and in that language's
 * alphabetical order; its value is the one English name whatever the page's language.
 */
export function CityPicker({ name, label, value, onChange, error, required = true, className = 'field', onInvalid }: CityPickerProps) {
  const id = useId();
  const { t, language } = useLocale();
  // One collator for the sort (localeCompare with a locale makes one per comparison: 20 times slower).
  const states = useMemo(() => {
    const collator = new Intl.Collator(INTL_LOCALES[language]);
    return INDIA_STATES.map((value) => ({ value, label: t(value) })).sort((a, b) => collator.compare(a.label, b.label));
  }, [language, t]);
  const invalid = onInvalid
    ? (event: { preventDefault(): void }) => {
        event.preventDefault();
        onInvalid();
      }
    : undefined;
  const [state, setState] = useState('');
  const [other, setOther] = useState(false);
  // A state chosen before the page's script arrived (a slow phone): kept, and its cities offered.
  const stateList = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const chosen = choiceBeforeHydration(stateList.current);
    if (chosen) setState(chosen);
  }, []);
  const cities = citiesOf(state);
  const errorId = `${id}-city-error`;
  const errorText = error ? (
    <p id={errorId} className="field__error">
      {t(error)}
    </p>
  ) : null;
  return (
    <>
      <div className={className}>
        <label htmlFor={`${id}-state`}>
          {t('State')}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <select
          ref={stateList}
          id={`${id}-state`}
          value={state}
          required={required}
          onInvalid={invalid}
          onChange={(event) => {
            const next = changeLocation({ state, city: value }, { state: event.target.value });
            setState(next.state);
            setOther(false);
            onChange(next.city);
          }}
        >
          <option value="">{t('Select state')}</option>
          {states.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
      </div>
      <div className={className}>
        <label htmlFor={`${id}-city`}>
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <select
          id={`${id}-city`}
          // With "Other" the typed town is the field sent under this name.
          name={other ? undefined : name}
          value={other ? OTHER_CITY : value}
          required={required}
          disabled={!state}
          onInvalid={invalid}
          aria-invalid={error && !other ? true : undefined}
          aria-describedby={error && !other ? errorId : undefined}
          onChange={(event) => {
            const chosen = event.target.value;
            setOther(chosen === OTHER_CITY);
            onChange(chosen === OTHER_CITY ? '' : chosen);
          }}
        >
          <option value="">{t(state ? 'Select city' : 'Select a state first')}</option>
          {cities.map((city) => (
            <option key={city}>{city}</option>
          ))}
          {state ? <option value={OTHER_CITY}>{t('Other (type your town)')}</option> : null}
        </select>
        {other ? null : errorText}
      </div>
      {other ? (
        <div className={className}>
          <label htmlFor={`${id}-town`}>
            {t('Your town')}
            {required ? <span aria-hidden="true"> *</span> : null}
          </label>
          <input
            id={`${id}-town`}
            name={name}
            type="text"
            autoComplete="address-level2"
            value={value}
            required={required}
            onInvalid={invalid}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          {errorText}
        </div>
      ) : null}
    </>
  );
}
