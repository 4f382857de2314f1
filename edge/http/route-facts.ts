import { createMiddleware } from 'hono/factory';
import type { $ZodType } from 'zod/v4/core';
import type { ResourceDescription } from '../lib/resource';

/**
 * What a middleware says of the routes it guards — the body and query it validates, the roles it lets
 * through — read by the API reference (routes/docs.ts) from the route tree, so a route is its own
 * reference: its request schemas and roles are documented from the very middleware that enforces them.
 */
export interface RouteFacts {
  json?: $ZodType;
  query?: $ZodType;
  form?: $ZodType;
  roles?: readonly string[];
  /** The resource a generic resource router serves (lib/resource-routes.ts): the reference words its routes by it. */
  resource?: ResourceDescription;
}

// biome-ignore lint/complexity/noBannedTypes: any middleware or handler function is a key
const FACTS = new WeakMap<Function, RouteFacts>();

/** Records what `handler` enforces (beside what it recorded already) and returns it unchanged. */
// biome-ignore lint/complexity/noBannedTypes: any middleware or handler function
export function withFacts<H extends Function>(handler: H, facts: RouteFacts): H {
  FACTS.set(handler, { ...FACTS.get(handler), ...facts });
  return handler;
}

/**
 * A middleware that only states what the route's handler checks itself — a body read after a look-up that
 * must answer first, or merged with values of the server's — and passes the request on, so that route too
 * is its own reference.
 */
export const checkedByHandler = (facts: Pick<RouteFacts, 'json' | 'query'>) =>
  withFacts(
    createMiddleware(async (_c, next) => next()),
    facts,
  );

/** What a handler of the route tree enforces, if it said so. */
// biome-ignore lint/complexity/noBannedTypes: any middleware or handler function
export const factsOf = (handler: Function): RouteFacts | undefined => FACTS.get(handler);
