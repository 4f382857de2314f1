import { ApiError } from '../lib/api-error';

/** A save refused with 409: someone else changed the record after this form loaded it (`If-Match`). */
export function isStaleEdit(failure: unknown): boolean {
  return failure instanceof ApiError && failure.status === 409;
}

/**
 * The way out of a stale edit: loads the other person's version (and its `updatedAt`) into the form, so
 * the next save builds on it instead of being refused again. Nothing while the edit is not stale.
 */
export function StaleEditReload({ stale, onReload }: { stale: boolean; onReload: () => Promise<void> }) {
  if (!stale) return null;
  return (
    <button type="button" className="button button--ghost" onClick={() => void onReload()}>
      Reload
    </button>
  );
}
