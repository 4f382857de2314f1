import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { errorMessage, isApiError } from '../../lib/api-error';

/**
 * When a form's messages show: `touched` — beside a field once it was left, or after a submit was tried;
 * `submitted` — first on a submit, then as each field changes (a long form whose Cancel sits below its
 * fields: a message appearing on blur would move the button under the pointer).
 */
export type MessageTiming = 'touched' | 'submitted';

/**
 * The one way the app builds a form: react-hook-form validated by the same zod schema the API checks
 * (docs/decisions/021), or by a resolver made from it where the form's values are not the request's body
 * (the panel's resource forms: form-check.ts). The first invalid field takes the focus on submit.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  check: StandardSchemaV1<Input, Output> | Resolver<Input, unknown, Output>,
  defaultValues: DefaultValues<Input>,
  timing: MessageTiming = 'touched',
) {
  return useForm<Input, unknown, Output>({
    resolver: typeof check === 'function' ? check : standardSchemaResolver(check),
    defaultValues,
    ...(timing === 'touched' ? { mode: 'onTouched' } : { mode: 'onSubmit', reValidateMode: 'onChange' }),
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
