// Every schema module of the contract ships as data (vite.config.ts, contractAsData): none holds code of its own, and
// what the build writes is each export's value, annotations aside.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractModuleAsData, plainData } from '../src/core/contract/as-data.ts';

const dir = join(import.meta.dirname, '../src/core/contract');
const schemaModules = readdirSync(dir).filter(
  (f) =>
    f.endsWith('.ts') &&
    !f.endsWith('.test.ts') &&
    /from ['"]typebox['"]/.test(readFileSync(join(dir, f), 'utf8')),
);

describe('contractModuleAsData', () => {
  it('finds the schema modules', () => {
    expect(schemaModules).toEqual(expect.arrayContaining(['chat.ts', 'common.ts', 'sync.ts', 'vessel.ts']));
  });

  it.each(schemaModules.filter((f) => f !== 'text.ts'))(
    '%s ships as data: every export is its value, or a re-export as written',
    async (file) => {
      const source = readFileSync(join(dir, file), 'utf8');
      const exports = (await import(`../src/core/contract/${file}`)) as Record<string, unknown>;
      const code = contractModuleAsData(source, exports);
      // Null means code of its own: move it to a module without schemas (as chat-rules.ts), re-exported from here.
      expect(code, `${file} exports code of its own`).not.toBeNull();
      const written = new Map(
        [...(code ?? '').matchAll(/^export const (\w+) = (.*);$/gm)].map((m) => [
          m[1],
          JSON.parse(m[2] ?? ''),
        ]),
      );
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value === 'function') {
          expect(code, `${name} is re-exported`).toMatch(
            new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from`),
          );
          continue;
        }
        if (written.has(name)) expect(written.get(name), name).toEqual(plainData(value));
        else expect(code, `${name} is re-exported`).toMatch(new RegExp(`export \\{[^}]*\\b${name}\\b`));
      }
    },
  );

  it('keeps a module with code of its own as written, and leaves annotations out of the data', () => {
    expect(contractModuleAsData('', { f: () => 1 })).toBeNull();
    expect(
      contractModuleAsData("export { f } from './rules.ts';\n", {
        f: () => 1,
        S: { type: 'string', description: 'a name', maxLength: 3 },
      }),
    ).toBe('export { f } from \'./rules.ts\';\nexport const S = {"type":"string","maxLength":3};\n');
  });
});
