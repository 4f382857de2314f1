/**
 * `npm run db:restore <backup>`: puts a backup in place of the embedded database with a new generation
 * (edge/db/backup.ts). Run with the server stopped; then `npm start`.
 */
import { join } from 'node:path';
import { restoreDatabase } from '../edge/db/backup';
import { describeStartupFailure, nodeStorage } from '../edge/db/startup-checks';
import { REPO_ROOT } from './built-server';

const storage = nodeStorage(process.env);
const backup = process.argv[2];
if (!backup) {
  console.error('db:restore: name the backup to restore: `npm run db:restore <file>` (backups are in DATA_DIR/backups/)');
  process.exit(1);
}
try {
  const restored = await restoreDatabase(storage, backup, { migrationsFolder: join(REPO_ROOT, 'migrations'), now: new Date() });
  console.log(`Restored ${backup} to ${storage.databasePath} (generation ${restored.generation}).`);
  if (restored.replacedKeptIn) console.log(`The database it replaced is kept in ${restored.replacedKeptIn}.`);
  console.log('Start the server with `npm start`.');
} catch (error) {
  console.error(`db:restore: ${describeStartupFailure(error, storage)}`);
  process.exit(1);
}
