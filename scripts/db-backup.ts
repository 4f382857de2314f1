/** `npm run db:backup`: a consistent copy of the embedded database in DATA_DIR/backups/ (edge/db/backup.ts). */
import { backupDatabase } from '../edge/db/backup';
import { describeStartupFailure, nodeStorage } from '../edge/db/startup-checks';

const storage = nodeStorage(process.env);
try {
  const file = await backupDatabase(storage, new Date());
  console.log(`Backed up ${storage.databasePath} to ${file}`);
} catch (error) {
  console.error(`db:backup: ${describeStartupFailure(error, storage)}`);
  process.exit(1);
}
