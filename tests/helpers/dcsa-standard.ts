// A DCSA standard's YAML read at test time, and the checks that hold Quay's TypeBox schemas of it to it: the same
// properties, required ones and constraints, and each of the standard's examples taken (tests/dcsa-*-schemas.test.ts).
import { readFileSync } from 'node:fs';
import { parseYaml } from '@redocly/openapi-core';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';

export interface YamlSchema {
  type?: string;
  $ref?: string;
  properties?: Record<string, YamlSchema>;
  required?: string[];
  items?: YamlSchema;
  oneOf?: YamlSchema[];
  example?: unknown;
  [keyword: string]: unknown;
}
interface YamlParameter {
  name: string;
  in: string;
  required?: boolean;
  schema: YamlSchema;
}
interface YamlExample {
  value: unknown;
}
export interface YamlOperation {
  parameters: YamlParameter[];
  responses: Record<string, { content?: Record<string, { examples?: Record<string, YamlExample> }> }>;
}
export interface Standard {
  info: { version: string };
  paths: Record<string, { get: YamlOperation }>;
  components: { schemas: Record<string, YamlSchema> };
}

/** The standard's YAML beside the schemas in server/dcsa, as published. */
export const readStandard = (file: string): Standard =>
  parseYaml(readFileSync(new URL(`../../server/dcsa/${file}`, import.meta.url), 'utf8')) as Standard;

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new WeakMap<object, ValidateFunction>();
/** What a schema finds wrong with a value: nothing when it takes it. */
export function check(schema: TSchema, value: unknown): string[] {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** The keywords that constrain a value: ours must say what the standard says. */
const CONSTRAINTS = [
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'format',
  'enum',
  'minItems',
  'maxItems',
];
export const constraintsOf = (s: object): Record<string, unknown> =>
  Object.fromEntries(
    CONSTRAINTS.filter((k) => (s as Record<string, unknown>)[k] !== undefined).map((k) => [
      k,
      (s as Record<string, unknown>)[k],
    ]),
  );
/** Ours as the standard would write it: an enum of literals (a union of consts) read back as an enum. */
export function asStandard(s: TSchema): Record<string, unknown> {
  const anyOf = (s as { anyOf?: { const?: unknown }[] }).anyOf;
  const out = constraintsOf(s);
  if (anyOf?.every((b) => b.const !== undefined)) out.enum = anyOf.map((b) => b.const);
  return out;
}

/** The standard's components, and a value made of its examples: each property's own, objects from their parts. */
export function examples(standard: Standard) {
  const components = standard.components.schemas;
  const resolve = (s: YamlSchema): YamlSchema =>
    s.$ref ? (components[s.$ref.replace('#/components/schemas/', '')] ?? {}) : s;
  const exampleOf = (input: YamlSchema): unknown => {
    const s = resolve(input);
    if (s.example !== undefined) return s.example;
    if (s.oneOf) return exampleOf(s.oneOf[0] ?? {});
    if (s.type === 'array' || s.items) return [exampleOf(s.items ?? {})];
    if (s.properties)
      return Object.fromEntries(
        Object.entries(s.properties)
          .filter(([, p]) => p.deprecated !== true)
          .map(([k, p]) => [k, exampleOf(p)]),
      );
    if (s.type === 'boolean') return false;
    return undefined;
  };
  return { components, resolve, exampleOf };
}

/** Every schema of `ours` against the standard's component of the same name. */
export function describeComponents(standard: Standard, ours: Record<string, TSchema>): void {
  const { components, resolve, exampleOf } = examples(standard);
  describe.each(Object.entries(ours))('%s', (name, mine) => {
    const theirs = components[name] ?? {};
    const ourProps = (mine as { properties: Record<string, TSchema> }).properties;

    it("has the standard's properties, and requires what it requires", () => {
      expect(Object.keys(ourProps).sort()).toEqual(Object.keys(theirs.properties ?? {}).sort());
      expect([...((mine as { required?: string[] }).required ?? [])].sort()).toEqual(
        [...(theirs.required ?? [])].sort(),
      );
    });

    it("has the standard's patterns, lengths, bounds, formats and enums on every property", () => {
      for (const [key, prop] of Object.entries(theirs.properties ?? {})) {
        const my = ourProps[key] as TSchema;
        expect(asStandard(my), `${name}.${key}`).toEqual(constraintsOf(prop));
        const item = resolve(prop).items;
        const myItem = (my as { items?: TSchema }).items;
        if (item && !item.$ref && myItem)
          expect(asStandard(myItem), `${name}.${key}[]`).toEqual(constraintsOf(item));
      }
    });

    it("takes each property's example from the standard", () => {
      for (const [key, prop] of Object.entries(theirs.properties ?? {}))
        if (prop.example !== undefined)
          expect(
            check(ourProps[key] as TSchema, prop.example),
            `${name}.${key}: ${String(prop.example)}`,
          ).toEqual([]);
    });

    it("takes a whole object made of the standard's examples", () => {
      const example = exampleOf(theirs);
      expect(check(mine, example), JSON.stringify(example)).toEqual([]);
    });
  });
}

/** The examples of whole answers an operation gives, by status. */
export const answerExamples = (operation: YamlOperation | undefined): (readonly [string, unknown])[] =>
  Object.entries(operation?.responses ?? {}).flatMap(([status, r]) =>
    Object.values(r.content?.['application/json']?.examples ?? {}).map((e) => [status, e.value] as const),
  );
