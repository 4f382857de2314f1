import { type AsyncUnzipOptions, type AsyncZipOptions, type AsyncZippable, type FlateCallback, type UnzipCallback, unzipSync, zipSync } from 'fflate/browser';

/**
 * fflate as the browser build of the app sees it (pwa/vite.config.ts maps `fflate` here): the same module,
 * except that `zip` and `unzip` do their work in the calling thread. fflate's own `zip`/`unzip` start a
 * Worker from a `blob:` URL for any file part over 160 KB (zip) or 512 KB (unzip), which the content
 * security policy's `worker-src 'self'` refuses (edge/http/security.ts): Chromium then never calls back,
 * and write-excel-file / read-excel-file wait for ever on every sheet of more than a few hundred rows.
 * The workbook code runs in a worker of our own origin (lib/workbook-worker.ts), so working in its thread
 * blocks no screen.
 */
export * from 'fflate/browser';

type Done<T> = (error: Error | null, result: T) => void;

function inThread<T>(work: () => T, done: Done<T>) {
  // Called back later, as fflate's own functions do, never before they return.
  queueMicrotask(() => {
    let result: T;
    try {
      result = work();
    } catch (failure) {
      done(failure instanceof Error ? failure : new Error(String(failure)), null as T);
      return;
    }
    done(null, result);
  });
  // fflate's functions answer a function that cancels the work: this work cannot be cancelled.
  return () => undefined;
}

export function zip(data: AsyncZippable, options: AsyncZipOptions | FlateCallback, callback?: FlateCallback) {
  const [opts, done] = typeof options === 'function' ? [{}, options] : [options, callback!];
  return inThread(() => zipSync(data, opts), done as Done<Uint8Array>);
}

export function unzip(data: Uint8Array, options: AsyncUnzipOptions | UnzipCallback, callback?: UnzipCallback) {
  const [opts, done] = typeof options === 'function' ? [{}, options] : [options, callback!];
  return inThread(() => unzipSync(data, opts), done as Done<ReturnType<typeof unzipSync>>);
}
