/** "this device", "the panel", or a short form of another device's id. */
export function deviceName(id: string | null | undefined, mine: string | null): string {
  if (!id) return 'unknown device';
  if (id === mine) return 'this device';
  if (id === 'panel') return 'the admin panel';
  return `device ${id.slice(0, 8)}`;
}
