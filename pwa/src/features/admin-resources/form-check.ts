import type { FieldErrors, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import type { BaseRecord } from '../../lib/api';
import { ApiError, errorMessage } from '../../lib/api-error';
import { payloadFrom } from './fields';
import type { FormField, FormValues, ResourceConfig } from './types';

/* The resource form's checks and the words of its outcomes (resource-form.tsx). */

export const SESSION_EXPIRED = 'Session expired. Please log in again.';

/** What a failed save shows: the server's words, except a refused token, which asks for a new login. */
export function saveErrorMessage(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError && failure.status === 401) return SESSION_EXPIRED;
  return errorMessage(failure, fallback);
}

/**
 * The record a save was refused for (409 with it in `data`, the number at fault): this person is already
 * registered for the event with this mobile number. `undefined` for any other failure (a stale edit too).
 */
export function existingRecordOf(failure: unknown): BaseRecord | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 409 || !failure.errors?.mobileNumber) return undefined;
  const data = failure.data as BaseRecord | undefined;
  return data && typeof data.id === 'string' ? data : undefined;
}

/** The offline walk-in's confirmation: the visitor is kept on the device and sent when the network returns. */
export const WALK_IN_QUEUED = 'No network: the visitor is saved on this device as a walk-in and will be sent when the network returns.';

/** A required field left empty. */
const isMissing = (field: FormField, values: FormValues) => field.required && !(values[field.name] ?? '').trim();

/** The form field an API field is edited in (the same name unless the resource renames it). */
export function formFieldOf(config: ResourceConfig, apiField: string): string | undefined {
  const name = config.formFieldOf?.[apiField] ?? apiField;
  return config.fields.some((field) => field.name === name) ? name : undefined;
}

/**
 * Checks the values as the API will: every required field filled, then the resource's own schema on the
 * request body. Each message is keyed by the form field it is about; `''` holds one no field owns.
 */
export function checkResourceForm(config: ResourceConfig, values: FormValues): Record<string, string> {
  const found: Record<string, string> = {};
  for (const field of config.fields) {
    if (isMissing(field, values)) found[field.name] = `${field.label} is required`;
  }
  if (Object.keys(found).length > 0) return found;
  if (config.check) return config.check(values);
  if (!config.createSchema) return found;
  const body = config.toPayload ? config.toPayload(values) : payloadFrom(config.fields, values);
  const checked = z.safeParse(config.createSchema, body);
  if (checked.success) return found;
  for (const issue of checked.error.issues) found[formFieldOf(config, String(issue.path[0] ?? '')) ?? ''] ??= issue.message;
  return found;
}

export const resolverFor =
  (config: ResourceConfig): Resolver<FormValues> =>
  async (values) => {
    const found = checkResourceForm(config, values);
    if (Object.keys(found).length === 0) return { values, errors: {} };
    const errors: FieldErrors<FormValues> = {};
    // A missing required field is typed 'required', so a resource with one message for every missing field can say it.
    const missing = new Set(config.fields.filter((field) => isMissing(field, values)).map((field) => field.name));
    for (const [name, message] of Object.entries(found)) errors[name || 'root'] = { type: missing.has(name) ? 'required' : 'validate', message };
    return { values: {}, errors };
  };
