import type { LibSQLDatabase } from 'drizzle-orm/libsql/driver-core';

/**
 * The drizzle database the routes use. Each runtime entry makes it over its own libSQL client
 * (`@libsql/client` on a file for Node, `@libsql/client/web` to Turso on Workers); nothing else knows which.
 */
export type Database = LibSQLDatabase<Record<string, never>>;
