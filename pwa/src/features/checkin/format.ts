const TIME = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });
const CLOCK = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' });

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : TIME.format(date);
}

/** Just the time of day ("10:42 am"), for a line with no room for the date. */
export function formatClock(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : CLOCK.format(date);
}

/** "this device", "the panel", or a short form of another device's id. */
export function deviceName(id: string | null | undefined, mine: string | null): string {
  if (!id) return 'unknown device';
  if (id === mine) return 'this device';
  if (id === 'panel') return 'the admin panel';
  return `device ${id.slice(0, 8)}`;
}
