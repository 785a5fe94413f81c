// The docs the code cites are in the repository, and stay there: every `name.md` a source, test, lint rule or doc
// names exists, every `name.md#anchor` (and a doc's own `](#anchor)`) names a heading of that doc, and no cite by
// section number (`name.md §4`) is left for the old form to creep back. Cites of documents that were never part of
// the repository (the brief's specification, design and traps files) fail by name.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, dirname, relative, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DIRS = ['src', 'worker', 'sw', 'server', 'tests', 'e2e', 'bench', 'docs', '.ci'];
const ROOT_FILES = [
  'README.md',
  'eslint.config.js',
  'vite.config.ts',
  'playwright.config.ts',
  'vitest.config.ts',
  'vitest.cluster.config.ts',
  'knip.jsonc',
  'package.json',
];
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sql|css|html|json|jsonc|sh)$/;
const SELF = relative(ROOT, import.meta.filename);

function walk(dir: string, out: string[]): string[] {
  if (!existsSync(join(ROOT, dir))) return out;
  for (const name of readdirSync(join(ROOT, dir))) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) walk(path, out);
    else if (TEXT.test(name) && path !== SELF) out.push(path);
  }
  return out;
}

const files = [...DIRS.flatMap((d) => walk(d, [])), ...ROOT_FILES.filter((f) => existsSync(join(ROOT, f)))];
const text = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

/** Where a cited `path.md` lives: relative to a doc that cites it, else from the root, else under docs/. */
function resolveDoc(from: string, cited: string): string | null {
  const candidates = [
    ...(from.endsWith('.md') ? [join(dirname(from), cited)] : []),
    cited,
    join('docs', cited),
  ].map((p) => normalize(p));
  return candidates.find((p) => existsSync(join(ROOT, p))) ?? null;
}

/** GitHub's anchor of a heading: lower case, punctuation but hyphens and underscores dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** A doc's anchors: the slug of each heading, a repeated one numbered as GitHub numbers it (`-1`, `-2`). */
const anchorCache = new Map<string, Set<string>>();
function anchors(doc: string): Set<string> {
  let set = anchorCache.get(doc);
  if (!set) {
    set = new Set();
    let fenced = false;
    for (const line of readFileSync(join(ROOT, doc), 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      const h = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
      if (!h) continue;
      const base = slug((h[1] ?? '').replace(/`/g, ''));
      let name = base;
      for (let n = 1; set.has(name); n++) name = `${base}-${n}`;
      set.add(name);
    }
    anchorCache.set(doc, set);
  }
  return set;
}

interface Problem {
  file: string;
  cite: string;
  why: string;
}

function problems(): Problem[] {
  const found: Problem[] = [];
  const legacy = new RegExp(`\\b(${['SP' + 'EC', 'DES' + 'IGN', 'TR' + 'APS'].join('|')})(\\.md)?\\b`, 'g');
  const docName = /(?<![\w/.-])((?:\.\.\/|\.\/)?[\w/-]*[\w-]+\.md)\b/g;
  const cite = /(?<![\w/.-])((?:\.\.\/|\.\/)?[\w/-]*[\w-]+\.md)#([\w-]+)/g;
  const ownAnchor = /\]\(#([\w-]+)\)/g;
  // The old form: a doc and a section number, or in a doc a bare `§N` that is not a standard's (RFC 9110 §8.8.3).
  const bySection = /[\w-]+\.md\s*§\s*\d|(?<!RFC \d+ )§\d/g;
  for (const [file, body] of text) {
    for (const m of body.matchAll(legacy))
      found.push({ file, cite: m[0], why: 'names a document that is not in the repository' });
    for (const [, name = ''] of body.matchAll(docName)) {
      if (name.includes('node_modules')) continue;
      if (!resolveDoc(file, name)) found.push({ file, cite: name, why: 'no such file' });
    }
    for (const m of body.matchAll(cite)) {
      const doc = resolveDoc(file, m[1] ?? '');
      if (!doc) continue; // reported above
      if (!anchors(doc).has(m[2] ?? ''))
        found.push({ file, cite: m[0], why: `${doc} has no heading whose anchor is #${m[2]}` });
    }
    if (file.endsWith('.md'))
      for (const m of body.matchAll(ownAnchor))
        if (!anchors(file).has(m[1] ?? ''))
          found.push({ file, cite: m[0], why: `${file} has no heading whose anchor is #${m[1]}` });
    for (const m of body.matchAll(bySection))
      found.push({ file, cite: m[0], why: 'cites by section number: cite the heading by its anchor' });
  }
  return found;
}

describe('references to docs', () => {
  it('reads the whole tree, docs included', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('docs/architecture.md');
    expect(files).toContain('eslint.config.js');
  });

  it('makes the anchors GitHub makes of headings', () => {
    expect(slug("The broker's fair share")).toBe('the-brokers-fair-share');
    expect(slug('Live, push and analytics')).toBe('live-push-and-analytics');
    expect(slug('ETags and 304')).toBe('etags-and-304');
    expect(slug('Sign-on limits')).toBe('sign-on-limits');
  });

  it('finds every cited doc file and heading anchor in the repository, and no cite by section number', () => {
    expect(problems().map((p) => `${p.file}: ${p.cite} (${p.why})`)).toEqual([]);
  });
});
