import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOB_KEY_PATTERN, type BlobStore } from './blob-store';

/** The Node server's blob store: one file per key plus a small JSON sidecar holding its content type. */
export function folderBlobStore(folder: string): BlobStore {
  const pathOf = (key: string) => {
    if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`Invalid blob key: ${key}`);
    return join(folder, key);
  };
  return {
    async put(key, bytes, contentType) {
      await mkdir(folder, { recursive: true });
      await writeFile(`${pathOf(key)}.json`, JSON.stringify({ contentType }));
      await writeFile(pathOf(key), bytes);
    },
    async get(key) {
      if (!BLOB_KEY_PATTERN.test(key)) return null;
      try {
        const [bytes, meta, info] = await Promise.all([
          readFile(pathOf(key)),
          readFile(`${pathOf(key)}.json`, 'utf8'),
          stat(pathOf(key)),
        ]);
        const { contentType } = JSON.parse(meta) as { contentType: string };
        return { body: new Uint8Array(bytes), contentType, size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!BLOB_KEY_PATTERN.test(key)) return;
      await Promise.all([rm(pathOf(key), { force: true }), rm(`${pathOf(key)}.json`, { force: true })]);
    },
  };
}
