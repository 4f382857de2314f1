import { type RefObject, useEffect, useState } from 'react';

/**
 * The takeover of a server-rendered form by its script. A visitor on a slow phone can type into the page's
 * form before the script arrives: React hydrates each field without touching that text, but the form's state
 * is still empty and its next render would write the emptiness back over it. Right after hydration this hands
 * the fields' typed values (by name) to `adopt`, and answers whether the form is live. Until it is, the form's
 * submit button stays disabled, so an early tap or Enter neither submits the page natively (a GET carrying the
 * visitor's details in its address, then a fresh empty page) nor is silently dropped.
 */
export function useFormTakeover(form: RefObject<HTMLFormElement | null>, adopt: (typed: Record<string, string>) => void): boolean {
  const [live, setLive] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; later values come through the fields' own onChange
  useEffect(() => {
    const typed: Record<string, string> = {};
    for (const field of form.current?.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]') ?? []) {
      if (changedFromServer(field)) typed[field.name] = field.value;
    }
    if (Object.keys(typed).length > 0) adopt(typed);
    setLive(true);
  }, []);
  return live;
}

/** Whether the visitor changed a field from what the server's page rendered in it. */
function changedFromServer(field: HTMLInputElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLSelectElement) return field.selectedOptions[0]?.defaultSelected === false;
  return field.value !== field.defaultValue;
}
