import { useId, useState } from 'react';
import { changeLocation, citiesOf, INDIA_STATES } from '@pwa/lib/india-locations';

interface CityPickerProps {
  /** The city field's name and label. */
  name: string;
  label: string;
  value: string;
  onChange: (city: string) => void;
  error?: string;
  required?: boolean;
  className?: string;
}

/** State then city (changing the state clears the city). Only the city is sent. */
export function CityPicker({ name, label, value, onChange, error, required = true, className = 'field' }: CityPickerProps) {
  const id = useId();
  const [state, setState] = useState('');
  const cities = citiesOf(state);
  return (
    <>
      <div className={className}>
        <label htmlFor={`${id}-state`}>
          State
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <select
          id={`${id}-state`}
          value={state}
          required={required}
          onChange={(event) => {
            const next = changeLocation({ state, city: value }, { state: event.target.value });
            setState(next.state);
            onChange(next.city);
          }}
        >
          <option value="">Select state</option>
          {INDIA_STATES.map((item) => (
            <option key={item}>{item}</option>
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
          name={name}
          value={value}
          required={required}
          disabled={!state}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-city-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{state ? 'Select city' : 'Select a state first'}</option>
          {cities.map((city) => (
            <option key={city}>{city}</option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-city-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    </>
  );
}
