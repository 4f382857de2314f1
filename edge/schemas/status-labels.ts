/**
 * The words for status codes, one description for the panel (badges, filters, charts, the door's cards),
 * the CSV exports and the lists' search: "registered_online" reads "Registered Online".
 */

export interface StatusLabelStyle {
  /** Only the first word capitalised ("Checked in"), for running text; every word otherwise ("Checked In"). */
  sentence?: boolean;
  /** What a missing status reads as. */
  empty?: string;
}

/**
 * The words for a status code: "registered_online" → "Registered Online" (the panel's badges, filters and
 * charts, the CSV exports) or, with `sentence`, "Registered online" (the door's cards and messages); "" → "N/A".
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

/** A status as words compare: lower case, one space between words ("In_Progress", "in-progress" → "in progress"). */
const words = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter(Boolean)
    .join(' ');

/** The code of `text` when it is one of `statuses` as code or as words ("Registered Online" → "registered_online"). */
export function statusCodeOf(text: string, statuses: readonly string[]): string | undefined {
  const wanted = words(text);
  return statuses.find((status) => words(status) === wanted);
}

/**
 * The statuses a search means: those whose words contain what was typed ("In Progress", "progress"), from
 * three letters on, so a short name search ("an") does not bring every "Cancelled" record with it.
 */
export function statusesMatching(search: string, statuses: readonly string[]): string[] {
  const wanted = words(search);
  if (wanted.length < 3) return [];
  return statuses.filter((status) => words(status).includes(wanted));
}
