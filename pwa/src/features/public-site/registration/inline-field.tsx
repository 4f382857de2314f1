import { useLocale } from '../i18n/locale';
import { INLINE_MOBILE_PATTERN_ATTRIBUTE } from './registration-types';

export interface InlineFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  required?: boolean;
  onChange: (value: string) => void;
  /** The browser found the field invalid (required, pattern): show the form's own messages instead of its bubble. */
  onInvalid: () => void;
}

/**
 * A field of the inline form. No `maxLength`: a pasted number or a long name is never cut; the form's
 * schema refuses what is too long with the field's message. A number in another spelling becomes its
 * 10 digits as it is pasted or typed (the form's `setMobile`, form-rules.ts `inlineMobileInput`).
 */
export function InlineField({ id, name, label, value, error, type = 'text', autoComplete, required = true, onChange, onInvalid }: InlineFieldProps) {
  const tel = type === 'tel';
  const { t } = useLocale();
  return (
    <div className="field">
      <label htmlFor={id}>
        {t(label)}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        pattern={tel ? INLINE_MOBILE_PATTERN_ATTRIBUTE : undefined}
        inputMode={tel ? 'tel' : type === 'email' ? 'email' : undefined}
        placeholder={tel ? '9876543210' : undefined}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onInvalid={(event) => {
          event.preventDefault();
          onInvalid();
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
