import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOB_KEY_PATTERN, type BlobStore } from './blob-store';

/**
 * The Node server's blob store: one file per key plus a small JSON sidecar holding its content type.
 * A put writes both to temporary names and renames them into place, image last: a put that fails part
 * way (a full disk) removes what it wrote, so no empty or cut-off image is ever left or served.
 */
export function folderBlobStore(folder: string, options: { writeFile?: typeof writeFile } = {}): BlobStore {
  const write = options.writeFile ?? writeFile;
  const pathOf = (key: string) => {
    if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`Invalid blob key: ${key}`);
    return join(folder, key);
  };
  return {
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(folder, { recursive: true });
      const temporary = `${path}.${crypto.randomUUID()}.part`;
      try {
        await write(`${temporary}.json`, JSON.stringify({ contentType }));
        await write(temporary, bytes);
        await rename(`${temporary}.json`, `${path}.json`);
        await rename(temporary, path);
      } catch (error) {
        await Promise.all([rm(temporary, { force: true }), rm(`${temporary}.json`, { force: true }), rm(`${path}.json`, { force: true })]);
        throw error;
      }
    },
    async get(key) {
      if (!BLOB_KEY_PATTERN.test(key)) return null;
      try {
        const [bytes, meta, info] = await Promise.all([readFile(pathOf(key)), readFile(`${pathOf(key)}.json`, 'utf8'), stat(pathOf(key))]);
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
