// The contract as the app's build ships it (vite.config.ts, contractAsData): a contract module is schemas built with
// TypeBox's builder, about 70 KB of code the worker would run only to make the same objects each time it starts. The
// build evaluates the module once and writes what it exports as plain data (JSON Schema without its descriptions),
// which TypeBox's JSON Schema checker reads as it reads the built ones (schema-check.test.ts compares the verdicts).

/** Keys that describe a schema to a reader and never change a verdict. */
const ANNOTATIONS = new Set(['description', 'title', 'examples']);

/** A schema or constant as plain JSON data, annotations left out; undefined for what JSON cannot carry. */
export function plainData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainData);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (ANNOTATIONS.has(k) || v === undefined) continue;
      out[k] = plainData(v);
    }
    return out;
  }
  return value;
}

const REEXPORT = /^export\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"][^'"]+['"];?/gm;

/**
 * The module's source as data: its `export { … } from '…'` lines as written (they name code, e.g. chat-rules.ts's
 * functions), and `export const name = <JSON>` for every other export. Null when an export is code defined in the
 * module itself: such a module is shipped as written.
 */
export function contractModuleAsData(source: string, exports: Record<string, unknown>): string | null {
  const reexports = [...source.matchAll(REEXPORT)];
  const reexported = new Set(
    reexports.flatMap((m) =>
      (m[1] ?? '')
        .split(',')
        .map((name) => name.trim().replace(/^type\s+/, ''))
        .map((name) => name.split(/\s+as\s+/).pop() ?? '')
        .filter(Boolean),
    ),
  );
  const lines = reexports.map((m) => m[0].trim());
  for (const [name, value] of Object.entries(exports)) {
    if (reexported.has(name)) continue;
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return null;
    lines.push(`export const ${name} = ${JSON.stringify(plainData(value))};`);
  }
  return `${lines.join('\n')}\n`;
}
