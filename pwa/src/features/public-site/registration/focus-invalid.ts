import { type RefObject, useEffect } from 'react';

/**
 * After a submit that found errors (`attempt` counts submits), focus moves to the first field marked
 * invalid, so the person lands where the fix is, and a screen reader reads its message.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, attempt: number, hasErrors: boolean) {
  useEffect(() => {
    if (attempt === 0 || !hasErrors) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt, hasErrors]);
}
