import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the tables in edge/db/tables into migrations/ (`npm run db:generate`).
// Never edit a migration that has been applied; add a new one.
export default defineConfig({
  dialect: 'turso',
  schema: './edge/db/tables/*.ts',
  out: './migrations',
  dbCredentials: {
    url: process.env.DATABASE_URL ?? 'file:.data/expo.db',
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
});
