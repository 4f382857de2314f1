import { type RefObject, useEffect, useState } from 'react';

/**
 * The lists (`<select>`) a visitor changed before the page's script arrived, with their choices, noted by
 * the public site's start just before it hydrates (`noteChoicesBeforeHydration`): hydrating a list sets it
 * back to the server's choice, so afterwards the list itself no longer shows what was chosen.
 */
const choicesBeforeHydration = new WeakMap<HTMLSelectElement, string>();

/** Notes every list in `root` whose choice differs from the one the server rendered; called right before hydration. */
export function noteChoicesBeforeHydration(root: HTMLElement) {
  for (const select of root.querySelectorAll('select')) {
    if (select.selectedOptions[0]?.defaultSelected === false) choicesBeforeHydration.set(select, select.value);
  }
}

/** What the visitor chose in `select` before the page's script took it over, if anything; read once. */
export function choiceBeforeHydration(select: HTMLSelectElement | null): string | undefined {
  if (!select) return undefined;
  const choice = choicesBeforeHydration.get(select);
  choicesBeforeHydration.delete(select);
  return choice;
}

/**
 * The takeover of a server-rendered form by its script. A visitor on a slow phone can type into the page's
 * form before the script arrives: React hydrates each field without touching that text (a list, though, is
 * set back to the server's choice), but the form's state is still empty and its next render would write the
 * emptiness back over it. Right after hydration this hands the fields' typed values and lists' choices (by
 * name) to `adopt`, and answers whether the form is live. Until it is, the form's submit button stays
 * disabled, so an early tap or Enter neither submits the page natively (a GET carrying the visitor's details
 * in its address, then a fresh empty page) nor is silently dropped.
 */
export function useFormTakeover(form: RefObject<HTMLFormElement | null>, adopt: (typed: Record<string, string>) => void): boolean {
  const [live, setLive] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; later values come through the fields' own onChange
  useEffect(() => {
    const typed: Record<string, string> = {};
    // Typed text and chosen list items; a box's `value` is its constant ("on"), not something typed.
    for (const field of form.current?.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      'input[name]:not([type="checkbox"], [type="radio"]), select[name]',
    ) ?? []) {
      const value = field instanceof HTMLSelectElement ? choiceBeforeHydration(field) : field.value !== field.defaultValue ? field.value : undefined;
      if (value !== undefined) typed[field.name] = value;
    }
    if (Object.keys(typed).length > 0) adopt(typed);
    setLive(true);
  }, []);
  return live;
}
