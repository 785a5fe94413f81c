// No import cycles anywhere in the tree, type-only imports and re-exports included: lint's import/no-cycle skips
// `import type`, and a cycle of types still ties modules together (architecture.md#runtimes-and-module-boundaries).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DIRS = ['src', 'worker', 'sw', 'server', 'tests', 'e2e', 'bench'];

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** Each file's relative imports (static, type-only, re-exports, `import()`) that name a file of the set. */
function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const deps = importedFiles
      .map((i) => i.fileName.split('?')[0] ?? '')
      .filter((name) => name.startsWith('.'))
      .map((name) => normalize(join(dirname(file), name)))
      .filter((target) => sources.has(target));
    graph.set(file, [...new Set(deps)]);
  }
  return graph;
}

/** The graph's cycles: each strongly connected component of more than one file (or a file importing itself). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) out.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('import cycles', () => {
  it('finds a cycle made of type-only imports and re-exports', () => {
    const sources = new Map([
      ['a.ts', "import type { B } from './b.ts';\nexport interface A { b: B }"],
      ['b.ts', "export type { C as B } from './c.ts';"],
      ['c.ts', "import { type A } from './a.ts';\nexport interface C { a: A }"],
      ['d.ts', "import type { A } from './a.ts';"],
    ]);
    expect(cyclesOf(importGraph(sources))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('finds none in the tree', () => {
    const files = DIRS.flatMap((d) => walk(d, []));
    const sources = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));
    expect(cyclesOf(importGraph(sources)).map((c) => c.join(', '))).toEqual([]);
  });
});
