// Pure formatting helpers of the panel: status labels and rupees. Dates are in lib/dates.ts.

export interface StatusLabelStyle {
  /** Only the first word capitalised ("Checked in"), for running text; every word otherwise ("Checked In"). */
  sentence?: boolean;
  /** What a missing status reads as. */
  empty?: string;
}

/**
 * The words for a status code: "registered_online" → "Registered Online" (the panel's badges, filters and
 * charts) or, with `sentence`, "Registered online" (the door's cards and messages); "" → "N/A".
 */
export function statusLabel(status: unknown, { sentence = false, empty = 'N/A' }: StatusLabelStyle = {}): string {
  if (typeof status !== 'string' || status.trim() === '') return empty;
  return status
    .trim()
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word, i) => (sentence && i > 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join(' ');
}

/** "₹1,50,000" (Indian grouping). */
export function formatInr(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 'N/A';
  return `₹${n.toLocaleString('en-IN')}`;
}
