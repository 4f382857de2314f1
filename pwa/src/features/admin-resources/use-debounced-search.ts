import { useEffect, useRef, useState } from 'react';

/** The search box's text, handed to `settle` (the URL) after a pause in typing; not on the first render. */
export function useDebouncedSearch(initial: string, settle: (q: string | undefined) => void, delayMs = 300) {
  const [q, setQ] = useState(initial);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on typing only; `settle` changes with the URL it writes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(() => settle(q.trim() || undefined), delayMs);
    return () => window.clearTimeout(timer);
  }, [q]);
  return [q, setQ] as const;
}
