// Pure formatting helpers of the panel: status labels and rupees. Dates are in shared/dates.ts.

// Status words are described once, with the API's CSV exports and search (edge/schemas/status-labels.ts).
export { type StatusLabelStyle, statusLabel } from '@edge/schemas/status-labels';

/** "₹1,50,000" (Indian grouping). */
export function formatInr(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 'N/A';
  return `₹${n.toLocaleString('en-IN')}`;
}
