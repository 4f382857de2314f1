import { useSyncExternalStore } from 'react';

/** The open dialogs, innermost last: notifications show inside the innermost one (see `useInnermostDialog`). */
let openDialogs: HTMLDialogElement[] = [];
const dialogListeners = new Set<() => void>();
const dialogsChanged = () => dialogListeners.forEach((listener) => listener());

/**
 * The innermost open dialog, or null. A modal `<dialog>` sits in the browser's top layer and makes the
 * rest of the page inert, so a notification meant to be seen and heard while it is open is rendered inside it.
 */
export function useInnermostDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (listener) => {
      dialogListeners.add(listener);
      return () => dialogListeners.delete(listener);
    },
    () => openDialogs.at(-1) ?? null,
    () => null,
  );
}

/** A dialog opened (innermost now) or closed: the notifications move to the dialog now innermost. */
export function dialogOpened(dialog: HTMLDialogElement): () => void {
  openDialogs = [...openDialogs, dialog];
  dialogsChanged();
  return () => {
    openDialogs = openDialogs.filter((d) => d !== dialog);
    dialogsChanged();
  };
}
