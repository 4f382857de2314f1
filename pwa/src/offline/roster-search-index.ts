// The in-memory search index of one event's roster: what the door searches as staff type or scan. Pure:
// it knows no storage (roster-repository.ts fills it and keeps it current).
import { mobileSearchTerm } from '@shared/schemas/mobile-number';
import { normalisePassCode } from './pass-code-match';
import type { RosterPerson } from './checkin-types';

export const personKey = (p: Pick<RosterPerson, 'kind' | 'id'>) => `${p.kind}:${p.id}`;

type Listener = () => void;

/**
 * All people of the current event, in memory. Search scans one joined, lower-cased text of every person
 * ("name | organisation | pass code | mobile digits") with `indexOf`, which stays far below 30 ms at
 * 50,000 people; the text is rebuilt lazily, only when a roster change touched the searchable fields.
 * Status changes only replace the person object.
 */
/** The pass codes a person is found by, as the door reads codes: their own and their aliases. */
const codesOf = (p: RosterPerson | undefined): string[] =>
  p
    ? [p.passCode, ...(p.aliases ?? [])]
        .filter(Boolean)
        .map(normalisePassCode)
        .filter((code): code is string => !!code)
    : [];

export class RosterIndex {
  readonly people = new Map<string, RosterPerson>();
  private byCode = new Map<string, string>();
  private text = '';
  private starts: number[] = [];
  private keys: string[] = [];
  private dirty = true;
  private listeners = new Set<Listener>();
  /** Bumped on every change: screens re-render on it. */
  revision = 0;

  constructor(readonly eventId: string) {}

  /** Digits typed to find a mobile number: fewer are in almost every number, so they are not looked for there. */
  static readonly MOBILE_MIN_DIGITS = 4;
  private static shortDigits(word: string): boolean {
    return word.length < RosterIndex.MOBILE_MIN_DIGITS && /^\d+$/.test(word);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private warmTimer: ReturnType<typeof setTimeout> | undefined;

  private changed() {
    // Rebuild the search text soon after a burst of roster changes, so the next keystroke does not pay.
    if (this.dirty) {
      clearTimeout(this.warmTimer);
      this.warmTimer = setTimeout(() => this.dirty && this.rebuild(), 300);
    }
    this.revision++;
    for (const listener of this.listeners) listener();
  }

  get size() {
    return this.people.size;
  }

  /** Changes that arrived while the first read from IndexedDB ran: replayed after it (idempotent). */
  private buffer: Array<() => void> | null = [];

  replaceAll(people: RosterPerson[]) {
    this.people.clear();
    this.byCode.clear();
    for (const p of people) this.setOne(p);
    const buffered = this.buffer ?? [];
    this.buffer = null;
    for (const replay of buffered) replay();
    this.dirty = true;
    this.changed();
  }

  private setOne(p: RosterPerson) {
    const key = personKey(p);
    const old = this.people.get(key);
    if (old && (old.name !== p.name || old.mobile !== p.mobile || old.organisation !== p.organisation || old.passCode !== p.passCode)) this.dirty = true;
    if (!old) this.dirty = true;
    // Its own pass code and those of registrations merged into it (aliases) all find the person.
    for (const code of codesOf(old)) if (!codesOf(p).includes(code)) this.dropCode(code, key);
    for (const code of codesOf(p)) this.byCode.set(code, key);
    this.people.set(key, p);
  }

  /** People added or changed (by the store, the sync engine, a roster page). */
  upsert(people: RosterPerson[]) {
    if (!people.length) return;
    if (this.buffer) {
      this.buffer.push(() => this.upsert(people));
      return;
    }
    for (const p of people) if (p.eventId === this.eventId) this.setOne(p);
    this.changed();
  }

  remove(keys: string[]) {
    if (!keys.length) return;
    if (this.buffer) {
      this.buffer.push(() => this.remove(keys));
      return;
    }
    for (const key of keys) {
      const p = this.people.get(key);
      if (!p) continue;
      for (const code of codesOf(p)) this.dropCode(code, key);
      this.people.delete(key);
      this.dirty = true;
    }
    this.changed();
  }

  get(key: string) {
    return this.people.get(key);
  }

  /** Forgets `code` only while it is `key`'s: a merged-away person's code may already be its survivor's alias. */
  private dropCode(code: string, key: string) {
    if (this.byCode.get(code) === key) this.byCode.delete(code);
  }

  /** Holds the whole roster (the first read from IndexedDB is done). */
  get ready() {
    return this.buffer === null;
  }

  /**
   * The person whose pass code `code` is, read as the door reads codes (pass-code-match.ts): any case,
   * spaces and dashes ignored, O for 0, I or L for 1.
   */
  byPassCode(code: string): RosterPerson | undefined {
    const read = normalisePassCode(code);
    const key = read ? this.byCode.get(read) : undefined;
    return key ? this.people.get(key) : undefined;
  }

  /** How many people of this event's roster have `status` on this device (e.g. the door's checked-in count). */
  countWithStatus(status: string): number {
    let count = 0;
    for (const p of this.people.values()) if (p.status === status) count++;
    return count;
  }

  private rebuild() {
    const parts: string[] = [];
    const starts: number[] = [];
    const keys: string[] = [];
    let at = 0;
    for (const [key, p] of this.people) {
      const line = `${p.name} | ${p.organisation} | ${p.passCode} | ${p.mobile.replace(/\D/g, '')}\n`.toLowerCase();
      starts.push(at);
      keys.push(key);
      parts.push(line);
      at += line.length;
    }
    this.text = parts.join('');
    this.starts = starts;
    this.keys = keys;
    this.dirty = false;
  }

  /** Which person's line holds text position `pos` (binary search over the line starts). */
  private lineAt(pos: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * People matching every word of `query` (any case): a word is found in the name, organisation or pass
   * code, and a run of at least MOBILE_MIN_DIGITS digits also in the mobile number (spaces, dashes and +91
   * in the query are ignored for digit words). A shorter run ("Person 001", "Hall 3") is not looked for in
   * mobile numbers, where nearly everyone has it. An exact pass-code match comes first. At most `limit`
   * results; `more` says there were more.
   */
  search(query: string, limit = 50): { items: RosterPerson[]; more: boolean } {
    // A whole phone number in any spelling ("098765 43210", "+91 98765 43210") is its canonical digits.
    const number = mobileSearchTerm(query);
    const words = (number ? number.slice(1) : query)
      .toLowerCase()
      .split(/\s+/)
      .map((w) => (/^[+\d][\d-]*$/.test(w) ? w.replace(/\D/g, '') : w))
      .filter(Boolean);
    if (!words.length) return { items: [], more: false };
    if (this.dirty) this.rebuild();
    const exact = this.byPassCode(query);
    const items: RosterPerson[] = exact ? [exact] : [];
    // Scan for the longest word; check the others on the line found.
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    const others = words.filter((w) => w !== longest);
    const text = this.text;
    let pos = text.indexOf(longest);
    while (pos !== -1) {
      const line = this.lineAt(pos);
      const start = this.starts[line]!;
      const end = line + 1 < this.starts.length ? this.starts[line + 1]! : text.length;
      const lineText = text.slice(start, end);
      // The mobile digits come after the line's last separator.
      const mobileAt = lineText.lastIndexOf(' | ');
      let all = !(RosterIndex.shortDigits(longest) && pos - start >= mobileAt); // its first place on this line is the mobile
      if (all && others.length) {
        for (const w of others) {
          const at = lineText.indexOf(w);
          if (at === -1 || (RosterIndex.shortDigits(w) && at >= mobileAt)) {
            all = false;
            break;
          }
        }
      }
      if (all) {
        const person = this.people.get(this.keys[line]!);
        if (person && person !== exact) {
          if (items.length >= limit) return { items, more: true };
          items.push(person);
        }
      }
      pos = text.indexOf(longest, end); // next line
    }
    return { items, more: false };
  }
}
