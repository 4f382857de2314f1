import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { errorMessage, isApiError } from '../../lib/api-error';

/**
 * The one way the app builds a form: react-hook-form validated by the same zod schema the API checks
 * (docs/decisions/021). Every field's message shows beside its field once the field was left or a submit
 * was tried; the first invalid field takes the focus on submit.
 */
export function useSchemaForm<Input extends FieldValues, Output>(schema: StandardSchemaV1<Input, Output>, defaultValues: DefaultValues<Input>) {
  return useForm<Input, unknown, Output>({
    resolver: standardSchemaResolver(schema),
    defaultValues,
    mode: 'onTouched',
    shouldFocusError: true,
  });
}

/**
 * Puts the server's per-field errors beside their fields, the first one focused. `nameOf` gives the form's
 * field for an API field (undefined: the form has none); by default a field of the same name the form holds.
 * Answers the messages placed.
 */
export function placeFieldErrors<Input extends FieldValues>(
  form: UseFormReturn<Input, unknown, unknown>,
  failure: unknown,
  nameOf: (apiField: string) => string | undefined = (apiField) => (apiField in form.getValues() ? apiField : undefined),
): string[] {
  if (!isApiError(failure)) return [];
  const placed: string[] = [];
  for (const [apiField, message] of Object.entries(failure.errors ?? {})) {
    const name = nameOf(apiField);
    if (!name) continue;
    form.setError(name as Path<Input>, { type: 'server', message }, { shouldFocus: placed.length === 0 });
    placed.push(message);
  }
  return placed;
}

/**
 * Puts a failed request's messages where they belong: the server's per-field errors beside their fields
 * (the first one focused); otherwise its message, or the screen's own fallback when it gave none, as the
 * form's error. Returns that message.
 */
export function showServerErrors<Input extends FieldValues>(form: UseFormReturn<Input, unknown, unknown>, failure: unknown, fallback: string): string {
  const message = errorMessage(failure, fallback);
  if (placeFieldErrors(form, failure).length === 0) form.setError('root.server', { type: 'server', message });
  return message;
}
