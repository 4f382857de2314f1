// How the door reads a pass code that was typed or scanned. Pass codes use Crockford's base-32 alphabet,
// which has no I, L, O or U, so the letters people confuse with digits can be read as those digits:
// O → 0, I and L → 1. Case, spaces and dashes (as printed in groups, or typed that way) are ignored.
// The reading is the server's own (edge/lib/pass-code.ts).
import { normalisePassCode } from '@edge/lib/pass-code';

export { normalisePassCode };

/** Whether a typed or scanned `input` is the pass code `code`. An empty reading matches nothing. */
export function passCodeMatches(input: string, code: string): boolean {
  const read = normalisePassCode(input);
  return read !== '' && read === normalisePassCode(code);
}
