import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The documents a newcomer reads first must stay true to the tree: the README names every top-level folder of
// edge/, pwa/src/ and shared/, and every decision record keeps the template (Date, Status, Context, Decision,
// Consequences, at most ~400 words) and names only files that exist. A rename that leaves a document behind
// fails here, not in a newcomer's first hour.

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const MAX_RECORD_WORDS = 450;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', '.git']);

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

const subfolders = (dir: string) =>
  existsSync(join(root, dir)) ? readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isDirectory()) : [];

const repoFiles = filesUnder('');
const topLevel = new Set(readdirSync(root).filter((name) => !SKIPPED_DIRS.has(name)));

/** The repository paths a document names in backticks or links: `edge/lib/x.ts`, `features/a/b.tsx`, `x.ts`. */
function namedPaths(text: string): string[] {
  const found = new Set<string>();
  const candidates = [...text.matchAll(/`([^`\s]+)`/g), ...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '');
  for (const raw of candidates) {
    if (/[<>*{}$:]|^https?:|^\.\.?\/?$|^[-/]/.test(raw)) continue; // placeholders, globs, URLs, flags, paths of the site
    const path = raw.replace(/[.,;]$/, '');
    const isRepoPath = path.includes('/') && topLevel.has(path.split('/')[0] ?? '');
    const isFile = /(^|\/)[\w.-]{3,}\.(ts|tsx|css|sql|mts|mjs|json|toml|md)$/.test(path); // not `c.json`
    if (isRepoPath || isFile) found.add(path);
  }
  return [...found];
}

/** A named path exists: exactly from the repository's root, relative to the document, or as the tail of a file's path. */
function exists(path: string, documentDir: string): boolean {
  if (existsSync(join(root, path))) return true;
  if (existsSync(join(root, documentDir, path))) return true;
  if (topLevel.has(path.split('/')[0] ?? '')) return false;
  return repoFiles.some((file) => file === path || file.endsWith(`/${path}`));
}

describe('README layout', () => {
  const readme = read('README.md');
  const roots = ['edge', 'pwa/src', 'shared'];

  for (const dir of roots) {
    const folders = subfolders(dir);
    if (folders.length === 0) continue;
    it(`names every top-level folder of ${dir}/`, () => {
      const missing = folders.filter((name) => !readme.includes(`${dir}/${name}/`));
      expect(missing, `add these folders to README.md's Layout as ${dir}/<name>/`).toEqual([]);
    });
  }

  it('keeps the two commands a fresh machine needs, and a "Where to change what" section', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm test');
    expect(readme).toMatch(/^## Where to change what$/m);
  });
});

describe('decision records', () => {
  const dir = 'docs/decisions';
  const records = readdirSync(join(root, dir)).filter((name) => /^\d{3}-.+\.md$/.test(name));

  it('exist', () => {
    expect(records.length).toBeGreaterThan(50);
  });

  for (const name of records) {
    const path = `${dir}/${name}`;
    const text = read(path);

    it(`${name} keeps the template`, () => {
      const words = text.split(/\s+/).filter(Boolean).length;
      expect(words, `${name} has ${words} words; move code tours and figures to docs/decision-notes.md`).toBeLessThanOrEqual(MAX_RECORD_WORDS);
      expect(text.split('\n')[0]).toMatch(new RegExp(`^# ${name.slice(0, 3)} \\S`));
      expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
      expect(text).toMatch(/^Status: (accepted|superseded by|supersedes|amended by|amends)\b/m);
      for (const section of ['Context', 'Decision', 'Consequences']) expect(text).toMatch(new RegExp(`^## ${section}$`, 'm'));
    });

    it(`${name} names only files that exist`, () => {
      const dead = namedPaths(text).filter((named) => !exists(named, relative(root, join(root, dir))));
      expect(dead).toEqual([]);
    });
  }
});

describe('the topic documents', () => {
  for (const path of ['docs/architecture.md', 'docs/checkin-sync.md', 'docs/decision-notes.md']) {
    it(`${path} names only files that exist`, () => {
      const dead = namedPaths(read(path)).filter((named) => !exists(named, 'docs'));
      expect(dead).toEqual([]);
    });
  }
});
