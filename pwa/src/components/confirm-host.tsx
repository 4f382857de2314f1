import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';

/*
 * The app's one yes/no question asked from code (a row's Delete, logout): `confirmAction` here, shown by
 * `ConfirmHost` in the app's `ConfirmDialog` (dialog.tsx). Kept apart from the dialog so the panel's first
 * load carries the question's store, not the dialog (which loads when a question is asked).
 */

export interface ConfirmQuestion {
  title: string;
  text: ReactNode;
  /** The button that does it: "Delete", "Revoke", "Log out". */
  confirmLabel: string;
  cancelLabel?: string;
  /** Red when it destroys or cannot be undone. */
  danger?: boolean;
}

/** The question waiting for an answer from code that is not a component (logout) or from a row's button. */
let asked: (ConfirmQuestion & { answer: (yes: boolean) => void }) | null = null;
const askedListeners = new Set<() => void>();

/**
 * Asks in the app's confirm dialog and answers true for the named action, false for Cancel, Escape or
 * a newer question. Shown by `ConfirmHost`, which the panel's shell renders once.
 */
export function confirmAction(question: ConfirmQuestion): Promise<boolean> {
  asked?.answer(false);
  return new Promise((resolve) => {
    asked = {
      ...question,
      answer: (yes) => {
        asked = null;
        askedListeners.forEach((listener) => listener());
        resolve(yes);
      },
    };
    askedListeners.forEach((listener) => listener());
  });
}

/** The question waiting for an answer (null: none), for the host that shows it. */
function useAskedQuestion() {
  return useSyncExternalStore(
    (listener) => {
      askedListeners.add(listener);
      return () => askedListeners.delete(listener);
    },
    () => asked,
    () => null,
  );
}

/** The dialog's code loads with the first question (most panel visits ask none). */
const ConfirmDialog = lazy(() => import('./dialog').then((module) => ({ default: module.ConfirmDialog })));

/** Where `confirmAction`'s questions appear (rendered once, in the panel's shell). */
export function ConfirmHost() {
  const question = useAskedQuestion();
  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...question} onCancel={() => question.answer(false)} onConfirm={() => question.answer(true)} />
    </Suspense>
  );
}
