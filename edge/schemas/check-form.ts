import * as z from 'zod/mini';

/**
 * A form's values checked by its schema: the body to send (the schema's output), or one message per field
 * (the first problem of each), to show beside it.
 */
export function checkForm<Schema extends z.ZodMiniType>(
  schema: Schema,
  values: unknown,
): { ok: true; body: z.output<Schema> } | { ok: false; errors: Record<string, string> } {
  const result = z.safeParse(schema, values);
  if (result.success) return { ok: true, body: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return { ok: false, errors };
}
