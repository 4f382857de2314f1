/**
 * What the server's build of the public pages gets for `dexie` (pwa/vite.ssr.config.ts). That build is one
 * file which inlines every dynamic import, and the Worker ships it; the device's database (offline/db.ts)
 * is reached only from the browser's effects and handlers, so the server needs its class to exist, never
 * to work. Without this, Dexie was 31 KB of the Worker's gzip (160 → 129 KB for the pages' file).
 */
export class Dexie {
  constructor() {
    throw new Error('The device database exists in the browser only');
  }
}
