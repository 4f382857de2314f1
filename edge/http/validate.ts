import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { $ZodIssue, $ZodType } from 'zod/v4/core';
import { fail, type FieldErrors } from './envelope';

/**
 * zod validation at the edge with the contract's failure shape: 400, the first problem as `message`,
 * and one message per field in `errors`, so a form can put each message beside its field.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends $ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const errors = fieldErrors(result.error.issues, result.data);
      const firstField = Object.keys(errors)[0];
      return fail(c, 400, firstField ? errors[firstField]! : 'Invalid request', errors);
    }
  });
}

export function fieldErrors(issues: readonly $ZodIssue[], input: unknown): FieldErrors {
  // Field names come from the client: a null-prototype record keeps `__proto__` or `constructor` a plain key.
  const errors: FieldErrors = Object.create(null);
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (!Object.hasOwn(errors, field)) errors[field] = issueMessage(issue, valueAt(input, issue.path));
  }
  return errors;
}

/** The value at `path`, through own properties only. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Schemas give their own message where the seeds fix one. The rest get a readable sentence built from
 * the issue (zod/mini ships no locale, so its default text is only "Invalid input").
 */
function issueMessage(issue: $ZodIssue, value: unknown): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  const field = issue.path.length > 0 ? String(issue.path[issue.path.length - 1]) : 'Request body';
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? `${field} is required` : `${field} must be ${article(issue.expected)}`;
    case 'too_small':
      return issue.minimum === 1 && issue.origin === 'string'
        ? `${field} is required`
        : `${field} must be at least ${issue.minimum}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'too_big':
      return `${field} must be at most ${issue.maximum}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'invalid_format':
      return `${field} is not a valid ${issue.format}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    default:
      return `${field} is invalid`;
  }
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
