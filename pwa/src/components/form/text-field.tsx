import { type HTMLInputTypeAttribute, useId } from 'react';
import { type FieldValues, type Path, type UseFormReturn, get } from 'react-hook-form';

/**
 * A labelled input bound to a schema form: its message sits under it, announced and linked to the input
 * (`aria-describedby`), and the input says it is invalid. Required fields carry the visible "*".
 */
export function TextField<Input extends FieldValues>({
  form,
  name,
  label,
  type = 'text',
  required,
  autoComplete,
  hint,
}: {
  form: UseFormReturn<Input, unknown, unknown>;
  name: Path<Input>;
  label: string;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  autoComplete?: string;
  hint?: string;
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
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error?.message ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name)}
      />
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
