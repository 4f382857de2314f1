import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The font files a PDF needs, read from disk: under Vitest a font's `?url` import is its path from the
 * project's root (/node_modules/@fontsource/…), which the browser fetches from the build's assets instead.
 * Every path read is recorded, so a test can tell which fonts a document loaded.
 */
export function fontFilesFromDisk(read: string[] = []) {
  return async (url: string) => {
    read.push(url);
    return new Uint8Array(await readFile(`${root}${url.replace(/^\//, '')}`));
  };
}
