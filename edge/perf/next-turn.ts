/**
 * Runs `fn` on a later turn of the event loop, after the I/O that is waiting now (Node: `setImmediate`;
 * Workers and browsers: a zero timeout).
 */
export const defer: (fn: () => void) => void =
  typeof globalThis.setImmediate === 'function' ? (fn) => void globalThis.setImmediate(fn) : (fn) => void setTimeout(fn, 0);

/** Resolves on a later turn of the event loop: long work awaits it between slices so other requests are served. */
export const nextTurn = () => new Promise<void>((resolve) => defer(resolve));
