// Pure formatting helpers of the panel (seed 001 §2 "Created On", §2 event card dates, §4 statuses).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return null;
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "05 Jan 2025, 03:30 PM" in the device's time zone, or "N/A". */
export function formatCreatedOn(value: unknown): string {
  const date = toDate(value);
  if (!date) return 'N/A';
  const hours = date.getHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(date.getDate())} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${pad(h12)}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** date-fns "MMM do, yyyy HH:mm": "Jan 5th, 2025 15:30"; "" when missing. */
export function formatEventDate(value: unknown): string {
  const date = toDate(value);
  if (!date) return '';
  return `${MONTHS[date.getMonth()]} ${ordinal(date.getDate())}, ${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

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

/** A value for a `datetime-local` input ("2025-01-05T15:30") from an ISO string, local time. */
export function toLocalInput(value: unknown): string {
  const date = toDate(value);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "₹1,50,000" (Indian grouping). */
export function formatInr(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 'N/A';
  return `₹${n.toLocaleString('en-IN')}`;
}
