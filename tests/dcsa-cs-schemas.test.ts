// Quay's TypeBox schemas of DCSA CS 1.0.3 (server/dcsa/cs-schemas.ts) against the standard's own YAML, read at test
// time: each schema has the standard's properties, required ones and constraints, and takes the standard's examples
// (every property's example, an object made of them, the error answers' examples of each call).
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import * as cs from '../server/dcsa/cs-schemas.ts';
import { NO_NUL_PATTERN } from '../src/core/contract/text.ts';
import {
  answerExamples,
  asStandard,
  check,
  constraintsOf,
  describeComponents,
  examples,
  readStandard,
} from './helpers/dcsa-standard.ts';

const standard = readStandard('CS_v1.0.3.yaml');
const { components, exampleOf } = examples(standard);

const OURS: Record<string, TSchema> = {
  PlaceOfReceipt: cs.PlaceOfReceipt,
  PlaceOfDelivery: cs.PlaceOfDelivery,
  PlaceOfArrival: cs.PlaceOfArrival,
  PlaceOfDeparture: cs.PlaceOfDeparture,
  PointToPoint: cs.PointToPoint,
  PortSchedule: cs.PortSchedule,
  Schedule: cs.Schedule,
  TransportCall: cs.TransportCall,
  Timestamp: cs.Timestamp,
  ServiceSchedule: cs.ServiceSchedule,
  VesselSchedule: cs.VesselSchedule,
  CutOffTime: cs.CutOffTime,
  Address: cs.Address,
  ErrorResponse: cs.ErrorResponse,
  Vessel: cs.Vessel,
  Barge: cs.Barge,
  VesselTransport: cs.VesselTransport,
  BargeTransport: cs.BargeTransport,
  OtherTransport: cs.OtherTransport,
  Facility: cs.Facility,
  ServicePartner: cs.ServicePartner,
  ServicePartnerSchedule: cs.ServicePartnerSchedule,
  IntermediateCall: cs.IntermediateCall,
  Leg: cs.Leg,
  Location: cs.Location,
  TransportCallLocation: cs.TransportCallLocation,
  PortScheduleLocation: cs.PortScheduleLocation,
  DetailedError: cs.DetailedError,
};

/** Each call's path, its query schema, and the parameters Quay reads its own way (the reason in each). */
const CALLS: [string, TSchema][] = [
  ['/v1/vessel-schedules', cs.VesselSchedulesQuery],
  ['/v1/port-schedules', cs.PortSchedulesQuery],
  ['/v1/point-to-point-routes', cs.PointToPointQuery],
];
/** Integers travel as text and are read by the request, so that "1.5" is refused in the standard's error body. */
const AS_TEXT = ['limit', 'maxTranshipment'];
/** Values the standard lists in words only: Quay holds them as an enum. */
const ENUMS: Record<string, string[]> = {
  responseScope: ['FULL_VOYAGE', 'MATCHED_CALLS'],
  cargoType: ['DRY', 'REEFER'],
};

describe('the standard read', () => {
  it('is CS 1.0.3, the version Quay serves, and every schema of it has ours', () => {
    expect(standard.info.version).toBe(cs.CS_VERSION);
    expect(Object.keys(components).sort()).toEqual(Object.keys(OURS).sort());
    expect(Object.keys(standard.paths).sort()).toEqual(CALLS.map(([path]) => path).sort());
  });
});

describeComponents(standard, OURS);

describe('the examples of whole answers', () => {
  it("are taken by ErrorResponse: each call's 400 and 500", () => {
    for (const [path] of CALLS) {
      const answers = answerExamples(standard.paths[path]?.get);
      expect(answers.map(([status]) => status).sort(), path).toEqual(['400', '500']);
      for (const [status, value] of answers) expect(check(cs.ErrorResponse, value), status).toEqual([]);
    }
  });

  it('refuse what breaks a constraint: a wrong UN/LOCODE, IMO number, event code, no timestamps, no legs', () => {
    const call = exampleOf(components.TransportCall ?? {}) as Record<string, unknown>;
    expect(check(cs.TransportCall, call)).toEqual([]);
    expect(check(cs.TransportCall, { ...call, location: { UNLocationCode: 'NL1MS' } })).not.toEqual([]);
    expect(check(cs.TransportCall, { ...call, timestamps: [] })).not.toEqual([]);
    const vessel = exampleOf(components.Vessel ?? {}) as Record<string, unknown>;
    expect(check(cs.Vessel, { ...vessel, vesselIMONumber: '932148' })).not.toEqual([]);
    const stamp = exampleOf(components.Timestamp ?? {}) as Record<string, unknown>;
    expect(check(cs.Timestamp, { ...stamp, eventTypeCode: 'BRTH' })).not.toEqual([]);
    const routing = exampleOf(components.PointToPoint ?? {}) as Record<string, unknown>;
    expect(check(cs.PointToPoint, routing)).toEqual([]);
    expect(check(cs.PointToPoint, { ...routing, legs: [] })).not.toEqual([]);
    const error = exampleOf(components.DetailedError ?? {}) as Record<string, unknown>;
    expect(check(cs.DetailedError, { ...error, errorCodeMessage: undefined })).not.toEqual([]);
  });
});

describe.each(CALLS)('the query of GET %s', (path, schema) => {
  const query = schema as unknown as { properties: Record<string, TSchema>; required?: string[] };
  const parameters = (standard.paths[path]?.get.parameters ?? []).filter((p) => p.in === 'query');

  it("has the standard's parameters, required as it requires, each one's pattern, lengths and format", () => {
    expect(Object.keys(query.properties).sort()).toEqual(parameters.map((p) => p.name).sort());
    expect([...(query.required ?? [])].sort()).toEqual(
      parameters
        .filter((p) => p.required)
        .map((p) => p.name)
        .sort(),
    );
    for (const p of parameters) {
      if (AS_TEXT.includes(p.name)) continue;
      const enumOf = ENUMS[p.name];
      const theirs = enumOf ? { ...constraintsOf(p.schema), enum: enumOf } : constraintsOf(p.schema);
      // Free text the standard leaves without a pattern keeps NUL out (PostgreSQL's text cannot hold it).
      const ours = asStandard(query.properties[p.name] as TSchema);
      if (theirs.pattern === undefined && ours.pattern === NO_NUL_PATTERN) delete ours.pattern;
      expect(ours, p.name).toEqual(theirs);
    }
  });

  it("takes each parameter's example from the standard", () => {
    for (const p of parameters) {
      const example = p.schema.example ?? (p as { example?: unknown }).example;
      if (example !== undefined)
        expect(check(query.properties[p.name] as TSchema, String(example)), p.name).toEqual([]);
    }
  });
});
