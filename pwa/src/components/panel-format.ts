// Pure formatting helpers of the panel: status labels and rupees. Dates are in lib/dates.ts.

/** "registered_online" → "Registered Online"; "" → "N/A". */
export function statusLabel(status: unknown): string {
  if (typeof status !== 'string' || status.trim() === '') return 'N/A';
  return status
    .trim()
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** "₹1,50,000" (Indian grouping). */
export function formatInr(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 'N/A';
  return `₹${n.toLocaleString('en-IN')}`;
}
