import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { EventPicker } from '../../components/event-picker';
import { FieldShell, SelectField, TextAreaField, TextField } from '../../components/form/fields';
import { siteSettingsQueryOptions } from '../../components/settings-queries';
import { CheckboxField, ChoicesField } from './choice-fields';
import { DateTimeInputs } from './date-time-inputs';
import type { FormField, FormValues } from './types';

/** What every field's frame shows: its label, a required mark (required, or marked so), its hint and width. */
export function shownProps(field: FormField, form: UseFormReturn<FormValues>) {
  return { form, name: field.name, label: field.label, required: field.required || field.marked, hint: field.hint, full: field.full };
}

/** One field of the form, as its description's type and rules ask. */
export function ResourceField({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const shown = shownProps(field, form);
  if (field.onPick) return <PickedField field={field} form={form} />;
  if (field.settingsList) return <SettingsListField field={field} form={form} list={field.settingsList} />;
  switch (field.type) {
    case 'event':
      return (
        <Controller
          control={form.control}
          name={field.name}
          render={({ field: control, fieldState }) => (
            <EventPicker
              value={control.value ?? ''}
              onChange={control.onChange}
              onBlur={control.onBlur}
              inputRef={control.ref}
              emptyLabel="Select an event"
              error={fieldState.error?.message}
              required={field.required || field.marked}
            />
          )}
        />
      );
    case 'checkbox':
      return <CheckboxField field={field} form={form} />;
    case 'choices':
      return <ChoicesField field={field} form={form} />;
    case 'textarea':
      return <TextAreaField {...shown} rows={3} placeholder={field.placeholder} />;
    case 'select':
      return field.dependsOn ? <DependentSelect field={field} form={form} /> : <SelectField {...shown} options={selectOptions(field)} />;
    case 'datetime':
      return <DateTimeField field={field} form={form} />;
    default:
      return (
        <TextField
          {...shown}
          type={field.type}
          placeholder={field.placeholder}
          autoComplete="off"
          inputMode={field.type === 'number' ? 'decimal' : field.type === 'url' ? 'url' : undefined}
        />
      );
  }
}

/** A select's choices: its empty choice (unless it has a default), then its options. */
function selectOptions(field: FormField, options: readonly string[] = field.options ?? []) {
  return [
    ...(field.defaultValue === undefined ? [{ value: '', label: field.placeholder ?? 'Select' }] : []),
    ...options.map((option) => ({ value: option, label: field.optionLabel ? field.optionLabel(option) : option })),
  ];
}

/** A select whose options follow another field (a city on its state): disabled until that one is chosen. */
function DependentSelect({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const { dependsOn } = field;
  const parent = (dependsOn ? form.watch(dependsOn.field) : '') ?? '';
  const current = form.watch(field.name) ?? '';
  const options = dependsOn && parent ? dependsOn.options(parent) : [];
  // A value stored before the options changed stays choosable rather than silently dropped.
  const kept = current && !options.includes(current) ? [current] : [];
  const choices = selectOptions({ ...field, ...(!parent && dependsOn ? { placeholder: dependsOn.waiting } : {}) }, [...kept, ...options]);
  return <SelectField {...shownProps(field, form)} disabled={!parent} options={choices} />;
}

/** A choice from a list kept in Settings (`settingsList`); a text input while that list is empty. */
function SettingsListField({ field, form, list }: { field: FormField; form: UseFormReturn<FormValues>; list: NonNullable<FormField['settingsList']> }) {
  const settings = useQuery(siteSettingsQueryOptions());
  const options = settings.data?.[list] ?? [];
  const current = form.watch(field.name) ?? '';
  if (options.length === 0) return <TextField {...shownProps(field, form)} type="text" placeholder={field.placeholder} autoComplete="off" />;
  // A value stored before the list changed (or typed before there was one) stays choosable rather than dropped.
  const kept = current && !options.includes(current) ? [current] : [];
  return <SelectField {...shownProps(field, form)} options={selectOptions(field, [...kept, ...options])} />;
}

/** A date and time in event time (Hyderabad), to the minute, the time as HH:mm; no earlier than `notBefore`'s date when it names one. */
function DateTimeField({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const earliest = field.notBefore ? form.watch(field.notBefore) : undefined;
  const value = form.watch(field.name) ?? '';
  // Held by the form (its ref takes the focus of a message) but changed only here.
  const { ref } = form.register(field.name);
  return (
    <FieldShell
      {...shownProps(field, form)}
      control={(props) => (
        <DateTimeInputs
          {...props}
          name={field.name}
          inputRef={ref}
          value={value}
          minDate={earliest}
          onChange={(next) => form.setValue(field.name, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        />
      )}
    />
  );
}

/**
 * A field whose value goes through its `onPick` rule the moment it changes: the values the rule sets are
 * set, and its message shown (or cleared) at once; once the form was sent, a field the rule has no word on
 * is checked again as any other.
 */
function PickedField({ field, form }: { field: FormField; form: UseFormReturn<FormValues> }) {
  const value = form.watch(field.name) ?? '';
  const earliest = field.notBefore ? form.watch(field.notBefore) : undefined;
  const pick = (next: string) => {
    const outcome = field.onPick!(next, form.getValues());
    for (const [name, set] of Object.entries(outcome.set)) {
      if (name === field.name || set !== form.getValues(name)) form.setValue(name, set, { shouldDirty: true });
    }
    if (outcome.message) form.setError(field.name, { type: 'validate', message: outcome.message });
    else if (outcome.message === null) form.clearErrors(field.name);
    else if (form.formState.isSubmitted) void form.trigger(field.name);
  };
  // Held by the form (its ref takes the focus of a message) but changed only here.
  const { ref } = form.register(field.name);
  return (
    <FieldShell
      {...shownProps(field, form)}
      control={(props) =>
        field.type === 'select' ? (
          <select {...props} ref={ref} name={field.name} value={value} onChange={(event) => pick(event.currentTarget.value)}>
            {selectOptions(field).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : field.type === 'datetime' ? (
          <DateTimeInputs
            {...props}
            name={field.name}
            inputRef={ref}
            value={value}
            minDate={earliest}
            // The rule reads whole date-times: a time being typed is held until it reads HH:mm.
            onChange={(next, complete) => (complete ? pick(next) : form.setValue(field.name, next, { shouldDirty: true }))}
          />
        ) : (
          <input {...props} ref={ref} name={field.name} type={field.type} value={value} onChange={(event) => pick(event.currentTarget.value)} />
        )
      }
    />
  );
}
