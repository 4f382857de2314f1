import type { ComponentPropsWithRef } from 'react';

type ScannerInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'enterKeyHint' | 'inputMode'> & {
  /**
   * `code`: only a pass code goes in (the exhibitor's lead box). `search`: a code, or a name, mobile or
   * organisation that staff type by hand (the door's search box).
   */
  takes: 'code' | 'search';
};

/**
 * A box a keyboard-wedge scanner types into: the scanner sends the pass code as keystrokes, then Enter,
 * into whatever has the focus. Nothing the browser or a phone's keyboard adds may change those keystrokes
 * or catch that Enter; the same box also takes a code typed by hand when a pass will not scan.
 */
export function ScannerInput({ takes, ...input }: ScannerInputProps) {
  return (
    <input
      {...input}
      // A search box (the door) offers its clear button; a code box is plain text.
      type={takes === 'search' ? 'search' : 'text'}
      // No remembered entries: their list would open under the box and the scanner's Enter could pick one.
      autoComplete="off"
      // A code is no word: no red underlining, and no word suggestions from the keyboards that follow spellcheck (Android's).
      spellCheck={false}
      // Typed by hand on a phone: a pass code is capitals; names and mobiles (the door) stay as typed.
      autoCapitalize={takes === 'code' ? 'characters' : 'off'}
      // Enter is the end of a read: the phone's key says what it does there (search at the door, done at a stall).
      enterKeyHint={takes === 'search' ? 'search' : 'done'}
    />
  );
}
