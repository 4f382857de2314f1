import * as z from 'zod/mini';
import { USER_ROLES } from './users';

/**
 * The shapes of the API's answers (the contract's envelope), for the API reference (routes/docs.ts).
 * Records are described by what every record carries; their other fields are those of the resource's
 * create schema, which the reference shows beside each operation.
 */
export const failureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** One message per field at fault. */
  errors: z.optional(z.record(z.string(), z.string())),
  /** A stale update (409) carries the record as it is now. */
  data: z.optional(z.unknown()),
});

export const successSchema = <T extends z.core.$ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string(), data });

export const recordSchema = z.looseObject({ id: z.string(), createdAt: z.string(), updatedAt: z.string() });

export const pageSchema = <T extends z.core.$ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() });

export const userSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(USER_ROLES) });

export const loginAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  user: userSchema,
});

export const lockSchema = z.object({
  key: z.string(),
  kind: z.enum(['device', 'account-address', 'address']),
  account: z.nullable(z.string()),
  address: z.nullable(z.string()),
  attempts: z.number(),
  maxAttempts: z.number(),
  locked: z.boolean(),
  windowEndsAt: z.string(),
});
