// Quay's TypeBox schemas of DCSA OVS 3.0.2 (server/dcsa/ovs-schemas.ts) against the standard's own YAML, read at test
// time: each schema has the standard's properties, required ones and constraints, and takes the standard's examples
// (every property's example, an object made of them, the error answers' examples). A schema that drifts fails here.
import { readFileSync } from 'node:fs';
import { parseYaml } from '@redocly/openapi-core';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import * as ovs from '../server/dcsa/ovs-schemas.ts';
import { NO_NUL_PATTERN } from '../src/core/contract/text.ts';

interface YamlSchema {
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
  schema: YamlSchema;
}
interface YamlExample {
  value: unknown;
}
interface Standard {
  info: { version: string };
  paths: Record<
    string,
    {
      get: {
        parameters: YamlParameter[];
        responses: Record<string, { content: Record<string, { examples: Record<string, YamlExample> }> }>;
      };
    }
  >;
  components: { schemas: Record<string, YamlSchema> };
}

const standard = parseYaml(
  readFileSync(new URL('../server/dcsa/OVS_v3.0.2.yaml', import.meta.url), 'utf8'),
) as Standard;
const components = standard.components.schemas;
const operation = standard.paths['/v3/service-schedules']?.get;

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new WeakMap<object, ValidateFunction>();
function check(schema: TSchema, value: unknown): string[] {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const resolve = (s: YamlSchema): YamlSchema =>
  s.$ref ? (components[s.$ref.replace('#/components/schemas/', '')] ?? {}) : s;

/** A value made of the standard's examples: each property's own, objects and arrays built from their parts. */
function exampleOf(input: YamlSchema): unknown {
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
}

/** The keywords that constrain a value: ours must say what the standard says. */
const CONSTRAINTS = ['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'format', 'enum'];
const constraintsOf = (s: object): Record<string, unknown> =>
  Object.fromEntries(
    CONSTRAINTS.filter((k) => (s as Record<string, unknown>)[k] !== undefined).map((k) => [
      k,
      (s as Record<string, unknown>)[k],
    ]),
  );
/** Ours as the standard would write it: an enum of literals (a union of consts) read back as an enum. */
function asStandard(s: TSchema): Record<string, unknown> {
  const anyOf = (s as { anyOf?: { const?: unknown }[] }).anyOf;
  const out = constraintsOf(s);
  if (anyOf?.every((b) => b.const !== undefined)) out.enum = anyOf.map((b) => b.const);
  return out;
}

const OURS: Record<string, TSchema> = {
  ServiceSchedule: ovs.ServiceSchedule,
  VesselSchedule: ovs.VesselSchedule,
  TransportCall: ovs.TransportCall,
  UNLocationLocation: ovs.UNLocationLocation,
  FacilitySMDGLocation: ovs.FacilitySMDGLocation,
  AddressLocation: ovs.AddressLocation,
  Timestamp: ovs.Timestamp,
  ErrorResponse: ovs.ErrorResponse,
  DetailedError: ovs.DetailedError,
};

describe('the standard read', () => {
  it('is OVS 3.0.2, the version Quay serves', () => {
    expect(standard.info.version).toBe(ovs.OVS_VERSION);
    expect(Object.keys(components).sort()).toEqual(Object.keys(OURS).sort());
  });
});

describe.each(Object.entries(OURS))('%s', (name, ours) => {
  const theirs = components[name] ?? {};
  const ourProps = (ours as { properties: Record<string, TSchema> }).properties;

  it("has the standard's properties, and requires what it requires", () => {
    expect(Object.keys(ourProps).sort()).toEqual(Object.keys(theirs.properties ?? {}).sort());
    expect([...((ours as { required?: string[] }).required ?? [])].sort()).toEqual(
      [...(theirs.required ?? [])].sort(),
    );
  });

  it("has the standard's patterns, lengths, bounds, formats and enums on every property", () => {
    for (const [key, prop] of Object.entries(theirs.properties ?? {})) {
      const mine = ourProps[key] as TSchema;
      expect(asStandard(mine), `${name}.${key}`).toEqual(constraintsOf(prop));
      const item = resolve(prop).items;
      const myItem = (mine as { items?: TSchema }).items;
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
    expect(check(ours, example), JSON.stringify(example)).toEqual([]);
  });
});

describe('the examples of whole answers', () => {
  it("are taken by ErrorResponse: the standard's 400 and 500", () => {
    const examples = Object.entries(operation?.responses ?? {}).flatMap(([status, r]) =>
      Object.values(r.content['application/json']?.examples ?? {}).map((e) => [status, e.value] as const),
    );
    expect(examples.map(([status]) => status).sort()).toEqual(['400', '500']);
    for (const [status, value] of examples) expect(check(ovs.ErrorResponse, value), status).toEqual([]);
  });

  it('refuse what breaks a constraint: a wrong UN/LOCODE, IMO number, event code or missing field', () => {
    const call = exampleOf(components.TransportCall ?? {}) as Record<string, unknown>;
    expect(check(ovs.TransportCall, call)).toEqual([]);
    expect(
      check(ovs.TransportCall, { ...call, location: { locationType: 'UNLO', UNLocationCode: 'NL1MS' } }),
    ).not.toEqual([]);
    expect(check(ovs.TransportCall, { ...call, transportCallReference: undefined })).not.toEqual([]);
    const vessel = exampleOf(components.VesselSchedule ?? {}) as Record<string, unknown>;
    expect(check(ovs.VesselSchedule, { ...vessel, vesselIMONumber: '932148' })).not.toEqual([]);
    const stamp = exampleOf(components.Timestamp ?? {}) as Record<string, unknown>;
    expect(check(ovs.Timestamp, { ...stamp, eventTypeCode: 'BRTH' })).not.toEqual([]);
  });
});

describe('the query of GET /v3/service-schedules', () => {
  const query = ovs.ServiceSchedulesQuery as unknown as { properties: Record<string, TSchema> };
  const parameters = (operation?.parameters ?? []).filter((p) => p.in === 'query');

  it("has the standard's parameters, and each one's pattern, lengths and format", () => {
    expect(Object.keys(query.properties).sort()).toEqual(parameters.map((p) => p.name).sort());
    for (const p of parameters) {
      // limit travels as text and is read by the route (a whole number): the standard's type is number.
      if (p.name === 'limit') continue;
      // responseScope's two values are in the standard's words only: Quay holds them as an enum.
      const theirs =
        p.name === 'responseScope'
          ? { ...constraintsOf(p.schema), enum: ['FULL_VOYAGE', 'MATCHED_CALLS'] }
          : constraintsOf(p.schema);
      // Free text the standard leaves without a pattern keeps NUL out (PostgreSQL's text cannot hold it): Quay's one
      // addition.
      const ours = asStandard(query.properties[p.name] as TSchema) as Record<string, unknown>;
      if (theirs.pattern === undefined && ours.pattern === NO_NUL_PATTERN) delete ours.pattern;
      expect(ours, p.name).toEqual(theirs);
    }
  });

  it("takes each parameter's example from the standard", () => {
    for (const p of parameters)
      if (p.schema.example !== undefined)
        expect(check(query.properties[p.name] as TSchema, String(p.schema.example)), p.name).toEqual([]);
  });
});
