// The data folder's copy of the database's generation (generation.ts, decision 042): Node only.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file in DATA_DIR that holds the generation of the database the server last ran on. */
export const GENERATION_FILE = 'database-generation';

/** The generation the data folder last ran on, or undefined when it records none. */
export function folderGeneration(dataDir: string): string | undefined {
  const file = join(dataDir, GENERATION_FILE);
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').trim() || undefined;
}

/** Records `generation` in the data folder: written beside and renamed, so a crash leaves the old or the new. */
export function writeFolderGeneration(dataDir: string, generation: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, GENERATION_FILE);
  const temporary = `${file}.${process.pid}.part`;
  writeFileSync(temporary, `${generation}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}
