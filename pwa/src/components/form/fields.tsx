import { type HTMLInputTypeAttribute, type ReactNode, useId } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { FieldError, FieldLabel } from '../field-parts';

interface FieldProps<Input extends FieldValues> {
  form: UseFormReturn<Input, unknown, unknown>;
  name: Path<Input>;
  /** Runs after the form took the new value (for a field another one depends on). */
  onValueChange?: ((value: string) => void) | undefined;
  label: string;
  required?: boolean | undefined;
  hint?: string | undefined;
  /** Spans the whole row of a two-column form. */
  full?: boolean | undefined;
}

/**
 * A labelled control bound to a schema form: its message sits under it, announced and linked to the control
 * (`aria-describedby`), and the control says it is invalid. Required fields carry the visible "*".
 */
export function FieldShell<Input extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  full,
  control,
}: FieldProps<Input> & {
  control(props: { id: string; 'aria-required'?: true; 'aria-invalid'?: true; 'aria-describedby'?: string }): ReactNode;
}) {
  const id = useId();
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  const describedBy = [hint ? `${id}-hint` : '', error?.message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={full ? 'field field--full' : 'field'}>
      <FieldLabel htmlFor={id} label={label} required={required} />
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
      <FieldError id={`${id}-error`} message={error?.message} />
    </div>
  );
}

/** The control's binding to the form, with the field's own change handler after the form's. */
function registered<Input extends FieldValues>({ form, name, onValueChange }: FieldProps<Input>) {
  return form.register(name, onValueChange ? { onChange: (event: { target: { value: string } }) => onValueChange(event.target.value) } : undefined);
}

export function TextField<Input extends FieldValues>({
  type = 'text',
  autoComplete,
  placeholder,
  inputMode,
  step,
  min,
  ...field
}: FieldProps<Input> & {
  type?: HTMLInputTypeAttribute;
  step?: number | undefined;
  min?: string | undefined;
  autoComplete?: string | undefined;
  placeholder?: string | undefined;
  inputMode?: 'text' | 'url' | 'email' | 'tel' | 'numeric' | 'decimal' | undefined;
}) {
  return (
    <FieldShell
      {...field}
      control={(props) => (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          inputMode={inputMode}
          step={step}
          min={min}
          {...registered(field)}
        />
      )}
    />
  );
}

export function TextAreaField<Input extends FieldValues>({
  rows = 4,
  placeholder,
  ...field
}: FieldProps<Input> & { rows?: number; placeholder?: string | undefined }) {
  return <FieldShell {...field} control={(props) => <textarea {...props} rows={rows} placeholder={placeholder} {...registered(field)} />} />;
}

export function SelectField<Input extends FieldValues>({
  options,
  disabled,
  ...field
}: FieldProps<Input> & { options: ReadonlyArray<{ value: string; label: string }>; disabled?: boolean | undefined }) {
  return (
    <FieldShell
      {...field}
      control={(props) => (
        <select {...props} disabled={disabled} {...registered(field)}>
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
