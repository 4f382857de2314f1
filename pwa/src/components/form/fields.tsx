import { type HTMLInputTypeAttribute, type ReactNode, useId } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';

interface FieldProps<Input extends FieldValues> {
  form: UseFormReturn<Input, unknown, unknown>;
  name: Path<Input>;
  label: string;
  required?: boolean;
  hint?: string;
}

/**
 * A labelled control bound to a schema form: its message sits under it, announced and linked to the control
 * (`aria-describedby`), and the control says it is invalid. Required fields carry the visible "*".
 */
function FieldShell<Input extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  control,
}: FieldProps<Input> & {
  control(props: { id: string; 'aria-required'?: true; 'aria-invalid'?: true; 'aria-describedby'?: string }): ReactNode;
}) {
  const id = useId();
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  const describedBy = [hint ? `${id}-hint` : '', error?.message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {control({
        id,
        ...(required ? { 'aria-required': true as const } : {}),
        ...(error?.message ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error?.message ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

export function TextField<Input extends FieldValues>({
  type = 'text',
  autoComplete,
  placeholder,
  inputMode,
  ...field
}: FieldProps<Input> & {
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'text' | 'url' | 'email' | 'tel' | 'numeric' | 'decimal';
}) {
  return (
    <FieldShell
      {...field}
      control={(props) => (
        <input {...props} type={type} autoComplete={autoComplete} placeholder={placeholder} inputMode={inputMode} {...field.form.register(field.name)} />
      )}
    />
  );
}

export function TextAreaField<Input extends FieldValues>({ rows = 4, placeholder, ...field }: FieldProps<Input> & { rows?: number; placeholder?: string }) {
  return <FieldShell {...field} control={(props) => <textarea {...props} rows={rows} placeholder={placeholder} {...field.form.register(field.name)} />} />;
}

export function SelectField<Input extends FieldValues>({
  options,
  ...field
}: FieldProps<Input> & { options: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <FieldShell
      {...field}
      control={(props) => (
        <select {...props} {...field.form.register(field.name)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
