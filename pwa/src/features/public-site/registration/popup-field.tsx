import { useLocale } from '../i18n/locale';
import { CityPicker } from './city-picker';
import type { TypeSpec } from './registration-types';

interface PopupFieldProps {
  field: TypeSpec['fields'][number];
  formId: string;
  value: string;
  error?: string;
  /** A new key after a success empties the city picker with the rest of the form. */
  resetKey: number;
  onChange: (value: string) => void;
}

/** A field of the registration popup as its type describes it: a city picker, a choice, or a text, number or email input, with its message. */
export function PopupField({ field, formId, value, error, resetKey, onChange }: PopupFieldProps) {
  const { t } = useLocale();
  const id = `${formId}-${field.name}`;
  const describedBy = error ? `${id}-error` : undefined;
  if (field.kind === 'city') {
    return <CityPicker key={`${field.name}-${resetKey}`} name={field.name} label={t(field.label)} value={value} onChange={onChange} error={error} />;
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {t(field.label)}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {field.kind === 'select' ? (
        <select
          id={id}
          name={field.name}
          value={value}
          aria-required={field.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t('Select {field}', { field: t(field.label).toLowerCase() })}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {t(option)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={field.name}
          type={field.kind === 'tel' || field.kind === 'email' ? field.kind : 'text'}
          inputMode={field.kind === 'tel' ? 'tel' : field.kind === 'email' ? 'email' : undefined}
          placeholder={field.kind === 'tel' ? '+91 98765 43210' : undefined}
          autoComplete={field.autoComplete}
          value={value}
          aria-required={field.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
