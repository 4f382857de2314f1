/**
 * `npm run db:migrate`: applies the migrations to the database at DATABASE_URL (a Turso/sqld URL for the
 * Workers deployment, or a file) and creates the featured event and the first admin, as the Node server
 * does at start. PASSWORD_PEPPER must be the one the Worker has as a secret, or the admin cannot log in.
 *
 * `npm run db:migrate -- --new-generation`: also gives the database a new generation (db/generation.ts), as
 * `npm run db:restore` does on Node: run it on a database restored by its provider (Turso's point-in-time
 * `turso db create --from-db --timestamp`), so devices learn that the data was restored under them.
 */
import { join } from 'node:path';
import { ensureDatabaseGeneration, newGeneration, setDatabaseGeneration } from './generation';
import { ensureFeaturedEvent, ensureFirstAdmin } from './initial-data';
import { openDatabase } from './local-database';

const url = process.env.DATABASE_URL;
const pepper = process.env.PASSWORD_PEPPER;
const flags = process.argv.slice(2);
const unknown = flags.filter((flag) => flag !== '--new-generation');
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(' ')}: the only one is --new-generation (after a restore).`);
  process.exit(1);
}
if (!url || !pepper) {
  console.error('Set DATABASE_URL (and DATABASE_AUTH_TOKEN for Turso) and PASSWORD_PEPPER, then run again.');
  process.exit(1);
}

const { db, close } = await openDatabase({
  url,
  authToken: process.env.DATABASE_AUTH_TOKEN,
  migrationsFolder: join(import.meta.dirname, '../../migrations'),
});
console.log(`Migrations applied to ${url.replace(/\/\/.*@/, '//')}`);
const now = new Date();
if (flags.includes('--new-generation')) {
  const generation = newGeneration();
  await setDatabaseGeneration(db, generation, now);
  console.log(`New database generation: ${generation}`);
} else {
  const { generation, created } = await ensureDatabaseGeneration(db, now);
  if (created) console.log(`Database generation: ${generation}`);
}
if (await ensureFeaturedEvent(db, now)) console.log('Created the featured event.');
const admin = await ensureFirstAdmin(db, {
  email: process.env.ADMIN_EMAIL,
  password: process.env.ADMIN_PASSWORD,
  pepper,
  now,
});
if (admin.created) {
  console.log(`Created the first admin: ${admin.email}`);
  if (admin.generatedPassword) console.log(`  password (shown once, store it now): ${admin.generatedPassword}`);
}
await close();
