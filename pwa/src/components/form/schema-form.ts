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
 * Puts a failed request's messages where they belong: the server's per-field errors beside their fields
 * (the first one focused); otherwise its message, or the screen's own fallback when it gave none, as the
 * form's error. Returns that message.
 */
export function showServerErrors<Input extends FieldValues>(form: UseFormReturn<Input, unknown, unknown>, failure: unknown, fallback: string): string {
  const message = errorMessage(failure, fallback);
  const fields = isApiError(failure) ? Object.entries(failure.errors ?? {}) : [];
  const known = fields.filter(([name]) => name in form.getValues());
  known.forEach(([name, text], index) => form.setError(name as Path<Input>, { type: 'server', message: text }, { shouldFocus: index === 0 }));
  if (known.length === 0) form.setError('root.server', { type: 'server', message });
  return message;
}
