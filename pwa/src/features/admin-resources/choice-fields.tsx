import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FieldError, RequiredMark } from '../../components/field-parts';
import { checkboxValue, listOf, listValue } from './fields';
import type { FormField, FormValues } from './types';

/** One checkbox per option, grouped under the field's label; the ticked options are the value. */
export function ChoicesField({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const id = useId();
  const required = field.required || field.marked;
  return (
    <Controller
      control={form.control}
      name={field.name}
      render={({ field: control, fieldState }) => {
        const ticked = listOf(control.value);
        const error = fieldState.error?.message;
        return (
          <fieldset className="field field--full" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
            <legend>
              {field.label}
              <RequiredMark required={required} />
            </legend>
            <div className="panel-checks">
              {(field.options ?? []).map((option, index) => (
                <label key={option}>
                  <input
                    ref={index === 0 ? control.ref : undefined}
                    type="checkbox"
                    name={field.name}
                    value={option}
                    checked={ticked.includes(option)}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      // Kept in the options' order, whatever order they were ticked in.
                      control.onChange(listValue((field.options ?? []).filter((o) => (o === option ? on : ticked.includes(o)))));
                    }}
                    onBlur={control.onBlur}
                  />
                  {field.optionLabel ? field.optionLabel(option) : option}
                </label>
              ))}
            </div>
            <FieldError id={`${id}-error`} message={error} />
          </fieldset>
        );
      }}
    />
  );
}

/** A yes/no switch, held in the form's text values as 'true' or ''. */
export function CheckboxField({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name={field.name}
      render={({ field: control }) => (
        <div className={field.full ? 'field field--full field--check' : 'field field--check'}>
          <label>
            <input
              ref={control.ref}
              type="checkbox"
              name={field.name}
              checked={control.value === 'true'}
              onChange={(event) => control.onChange(checkboxValue(event.currentTarget.checked))}
              onBlur={control.onBlur}
              aria-describedby={field.hint ? `${id}-hint` : undefined}
            />{' '}
            {field.label}
          </label>
          {field.hint ? (
            <p className="field__hint" id={`${id}-hint`}>
              {field.hint}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}
