// The worker's network check gives the verdict of TypeBox's own Value.Check for every schema of the contract: valid
// values made from each schema, and the same values broken in every way a server or a link could break them.
import { describe, expect, it } from 'vitest';
import { IsSchema, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import * as analytics from '../../core/contract/analytics.ts';
import * as chat from '../../core/contract/chat.ts';
import * as common from '../../core/contract/common.ts';
import * as notification from '../../core/contract/notification.ts';
import * as port from '../../core/contract/port.ts';
import * as pushKey from '../../core/contract/push-key.ts';
import * as push from '../../core/contract/push.ts';
import * as searchIndex from '../../core/contract/search-index.ts';
import * as service from '../../core/contract/service.ts';
import * as sync from '../../core/contract/sync.ts';
import * as vessel from '../../core/contract/vessel.ts';
import { plainData } from '../../core/contract/as-data.ts';
import { checkSchema } from './schema-check.ts';

const modules = {
  analytics,
  chat,
  common,
  notification,
  port,
  pushKey,
  push,
  searchIndex,
  service,
  sync,
  vessel,
};
const schemas: [string, TSchema][] = Object.entries(modules).flatMap(([m, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter((e): e is [string, TSchema] => IsSchema(e[1]) && !Array.isArray(e[1]))
    .map(([name, s]): [string, TSchema] => [`${m}.${name}`, s]),
);

/** A small seeded generator, so a failure names a case that happens again. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const BROKEN: unknown[] = [
  null,
  1.5,
  -1,
  2 ** 31,
  '',
  'x'.repeat(3000),
  '2026-13-45T99:99:99Z',
  'NaN',
  true,
  [],
  {},
  [null],
  { extra: 1 },
];

/** The value with one node (picked at random) replaced, removed, or given an extra property. */
function broken(value: unknown, random: () => number): unknown {
  const copy = structuredClone(value) as unknown;
  const nodes: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v))
      v.forEach((x, i) => {
        nodes.push({ parent: v, key: i });
        walk(x);
      });
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        nodes.push({ parent: v as Record<string, unknown>, key: k });
        walk(x);
      }
  };
  walk(copy);
  const bad = BROKEN[Math.floor(random() * BROKEN.length)];
  if (nodes.length === 0 || random() < 0.1) return bad;
  const { parent, key } = nodes[Math.floor(random() * nodes.length)] as (typeof nodes)[number];
  const how = random();
  if (how < 0.15 && !Array.isArray(parent)) delete parent[key as string];
  else if (how < 0.25 && !Array.isArray(parent)) parent.unexpected = bad;
  else (parent as Record<string | number, unknown>)[key] = bad;
  return copy;
}

describe('checkSchema', () => {
  it('covers the contract', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it.each(schemas)(
    '%s: the same verdict as Value.Check, valid and broken, built or as data',
    (_name, schema) => {
      const random = seeded(schemas.findIndex(([, s]) => s === schema) + 1);
      const check = checkSchema(schema);
      // As the app's build ships it (vite.config.ts, contractAsData): plain JSON, no annotations.
      const asData = checkSchema(JSON.parse(JSON.stringify(plainData(schema))) as TSchema);
      let base: unknown;
      try {
        base = Value.Create(schema);
      } catch {
        base = {};
      }
      const verdicts = new Set<boolean>();
      for (let i = 0; i < 60; i++) {
        const value = i === 0 ? base : broken(base, random);
        const expected = Value.Check(schema, value);
        verdicts.add(expected);
        // A valid null reads as null too: checkSchema guards answers, which are objects.
        if (value === null) continue;
        expect(check(value) !== null, JSON.stringify(value)?.slice(0, 300)).toBe(expected);
        expect(asData(value) !== null, JSON.stringify(value)?.slice(0, 300)).toBe(expected);
      }
      // Every schema says no to something (Unknown aside): the comparison is not one-sided.
      if (Object.keys(schema).length > 0) expect(verdicts.has(false)).toBe(true);
    },
  );
});
