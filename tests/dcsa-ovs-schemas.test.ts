// Quay's TypeBox schemas of DCSA OVS 3.0.2 (server/dcsa/ovs-schemas.ts) against the standard's own YAML, read at test
// time: each schema has the standard's properties, required ones and constraints, and takes the standard's examples
// (every property's example, an object made of them, the error answers' examples). A schema that drifts fails here.
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import * as ovs from '../server/dcsa/ovs-schemas.ts';
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

const standard = readStandard('OVS_v3.0.2.yaml');
const { components, exampleOf } = examples(standard);
const operation = standard.paths['/v3/service-schedules']?.get;

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

describeComponents(standard, OURS);

describe('the examples of whole answers', () => {
  it("are taken by ErrorResponse: the standard's 400 and 500", () => {
    const answers = answerExamples(operation);
    expect(answers.map(([status]) => status).sort()).toEqual(['400', '500']);
    for (const [status, value] of answers) expect(check(ovs.ErrorResponse, value), status).toEqual([]);
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
