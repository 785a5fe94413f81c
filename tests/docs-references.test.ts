// The docs the code cites are in the repository, and stay there: every `name.md` a source, test, lint rule or doc
// names exists, every `name.md §N` (and `§N, §M`, `§N/§M`) has that numbered section, every `§N rule K` that item
// of the section, and every `§N "Part"` that part's words in the section. Cites of documents that were never part
// of the repository (the brief's specification, design and traps files) fail by name.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, dirname, relative, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DIRS = ['src', 'worker', 'sw', 'server', 'tests', 'e2e', 'bench', 'docs'];
const ROOT_FILES = [
  'README.md',
  'eslint.config.js',
  'vite.config.ts',
  'playwright.config.ts',
  'vitest.config.ts',
];
const SKIP = new Set(['node_modules', 'dist', 'data']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sql|css|html)$/;
const SELF = relative(ROOT, import.meta.filename);

function walk(dir: string, out: string[]): string[] {
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
    ...(from.startsWith('docs/') ? [join(dirname(from), cited)] : []),
    cited,
    join('docs', cited),
  ].map((p) => normalize(p));
  return candidates.find((p) => existsSync(join(ROOT, p))) ?? null;
}

/** A doc's numbered sections (`## §3 Title` or `## 3. Title`), each with its text up to the next numbered one. */
function sections(doc: string): Map<number, string> {
  const out = new Map<number, string>();
  let current: number | null = null;
  for (const line of readFileSync(join(ROOT, doc), 'utf8').split('\n')) {
    const m = /^#{1,3}\s+(?:§(\d+)|(\d+)\.)\s/.exec(line);
    if (m) {
      current = Number(m[1] ?? m[2]);
      out.set(current, '');
    } else if (current !== null) out.set(current, `${out.get(current)}${line}\n`);
  }
  return out;
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
  const cite =
    /([\w-]+\.md)\s+(§\d+(?:\s*(?:,|\/|and|or)\s*§\d+)*)(?:\s+rules?\s+(\d+)(?:\s+(?:to|and)\s+(\d+))?|\s+"([^"]+)")?/g;
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
      const secs = sections(doc);
      const numbers = [...(m[2] ?? '').matchAll(/§(\d+)/g)].map((n) => Number(n[1]));
      for (const n of numbers)
        if (!secs.has(n)) found.push({ file, cite: m[0], why: `${doc} has no section ${n}` });
      const first = numbers[0] ?? 0;
      const body0 = secs.get(first) ?? '';
      if (m[3]) {
        const last = Number(m[4] ?? m[3]);
        for (let k = Number(m[3]); k <= last; k++)
          if (!new RegExp(`^${k}\\. `, 'm').test(body0))
            found.push({ file, cite: m[0], why: `${doc} §${first} has no rule ${k}` });
      }
      if (m[5]) {
        const words = m[5].toLowerCase().replace(/[^\p{L}\p{N}/ ]/gu, ' ');
        const hay = body0.toLowerCase().replace(/[^\p{L}\p{N}/ ]/gu, ' ');
        const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
        if (!squash(hay).includes(squash(words)))
          found.push({ file, cite: m[0], why: `${doc} §${first} does not mention "${m[5]}"` });
      }
    }
  }
  return found;
}

describe('references to docs', () => {
  it('reads the whole tree, docs included', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('docs/architecture.md');
    expect(files).toContain('eslint.config.js');
  });

  it('finds every cited doc file, numbered section, rule and named part in the repository', () => {
    expect(problems().map((p) => `${p.file}: ${p.cite} (${p.why})`)).toEqual([]);
  });
});
