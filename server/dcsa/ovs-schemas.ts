// DCSA Operational Vessel Schedules 3.0.2 (OVS_v3.0.2.yaml beside this file) as TypeBox schemas: the answer of
// GET /v3/service-schedules, its query and its error body, with the standard's own patterns, lengths and enums.
// tests/dcsa-ovs-schemas.test.ts holds them against the YAML, so that they cannot drift from the standard.
import { Type, type Static } from 'typebox';
import { NO_NUL_PATTERN } from '../../src/core/contract/text.ts';

/** The version served, sent back in every answer's API-Version header (the standard asks for the full SemVer). */
export const OVS_VERSION = '3.0.2';

const UN_LOCATION_CODE = { pattern: '^[A-Z]{2}[A-Z2-9]{3}$', minLength: 5, maxLength: 5 } as const;
const UNIVERSAL_SERVICE_REFERENCE = { pattern: '^SR\\d{5}[A-Z]$', maxLength: 8 } as const;
const UNIVERSAL_VOYAGE_REFERENCE = { pattern: '^\\d{2}[0-9A-Z]{2}[NEWSR]$' } as const;
const IMO_NUMBER = { pattern: '^\\d{7}$', maxLength: 7 } as const;
const MMSI_NUMBER = { pattern: '^\\d{9}$', minLength: 9, maxLength: 9 } as const;

/** The locationName of a UN location: no leading, trailing or doubled-up-only spaces. */
const LOCATION_NAME = { pattern: '^\\S+(\\s+\\S+)*$', maxLength: 100 } as const;

export const UNLocationLocation = Type.Object({
  locationName: Type.Optional(Type.String(LOCATION_NAME)),
  locationType: Type.Literal('UNLO', { maxLength: 4 }),
  UNLocationCode: Type.String(UN_LOCATION_CODE),
});

export const FacilitySMDGLocation = Type.Object({
  locationName: Type.Optional(Type.String({ maxLength: 100 })),
  locationType: Type.Literal('FACS', { maxLength: 4 }),
  UNLocationCode: Type.String(UN_LOCATION_CODE),
  facilitySMDGCode: Type.String({ maxLength: 6 }),
});

export const AddressLocation = Type.Object({
  locationName: Type.Optional(Type.String({ maxLength: 100 })),
  locationType: Type.Literal('ADDR', { maxLength: 4 }),
  address: Type.Object({
    name: Type.String({ maxLength: 100 }),
    street: Type.Optional(Type.String({ maxLength: 100 })),
    streetNumber: Type.Optional(Type.String({ maxLength: 50 })),
    floor: Type.Optional(Type.String({ maxLength: 50 })),
    postCode: Type.Optional(Type.String({ maxLength: 50 })),
    city: Type.Optional(Type.String({ maxLength: 65 })),
    stateRegion: Type.Optional(Type.String({ maxLength: 65 })),
    country: Type.Optional(Type.String({ maxLength: 75 })),
  }),
});

/** The standard's discriminator on locationType, as a union of the three shapes (each fixes its own type). */
const Location = Type.Union([UNLocationLocation, FacilitySMDGLocation, AddressLocation]);

export const Timestamp = Type.Object({
  eventTypeCode: Type.Union([Type.Literal('ARRI'), Type.Literal('DEPA')]),
  eventClassifierCode: Type.Union([Type.Literal('PLN'), Type.Literal('EST'), Type.Literal('ACT')]),
  eventDateTime: Type.String({ format: 'date-time' }),
  delayReasonCode: Type.Optional(Type.String({ maxLength: 3, deprecated: true })),
  delayReasonCodes: Type.Optional(Type.Array(Type.String({ maxLength: 3 }))),
  changeRemark: Type.Optional(Type.String({ maxLength: 250 })),
  /** BRTH (the default) or PBPL: where the event happens, the berth or the pilot boarding place. */
  facilityTypeCode: Type.Optional(Type.String({ maxLength: 4, default: 'BRTH' })),
});
export type Timestamp = Static<typeof Timestamp>;

export const TransportCall = Type.Object({
  portVisitReference: Type.Optional(Type.String({ maxLength: 50 })),
  transportCallReference: Type.String({ maxLength: 100 }),
  carrierImportVoyageNumber: Type.String({ maxLength: 50 }),
  carrierExportVoyageNumber: Type.Optional(Type.String({ maxLength: 50 })),
  universalImportVoyageReference: Type.Optional(Type.String(UNIVERSAL_VOYAGE_REFERENCE)),
  universalExportVoyageReference: Type.Optional(Type.String(UNIVERSAL_VOYAGE_REFERENCE)),
  location: Type.Optional(Location),
  statusCode: Type.Optional(Type.String({ deprecated: true })),
  statusCodes: Type.Optional(Type.Array(Type.String())),
  timestamps: Type.Optional(Type.Array(Timestamp)),
});
export type TransportCall = Static<typeof TransportCall>;

export const VesselSchedule = Type.Object({
  vesselOperatorSMDGLinerCode: Type.String({ maxLength: 10 }),
  vesselIMONumber: Type.Optional(Type.String(IMO_NUMBER)),
  MMSINumber: Type.Optional(Type.String(MMSI_NUMBER)),
  vesselName: Type.Optional(Type.String({ maxLength: 35 })),
  vesselCallSign: Type.Optional(Type.String({ maxLength: 10 })),
  isDummyVessel: Type.Boolean(),
  transportCalls: Type.Optional(Type.Array(TransportCall)),
});
export type VesselSchedule = Static<typeof VesselSchedule>;

export const ServiceSchedule = Type.Object({
  carrierServiceName: Type.String({ maxLength: 50 }),
  carrierServiceCode: Type.String({ maxLength: 11 }),
  universalServiceReference: Type.Optional(Type.String(UNIVERSAL_SERVICE_REFERENCE)),
  vesselSchedules: Type.Optional(Type.Array(VesselSchedule)),
});
export type ServiceSchedule = Static<typeof ServiceSchedule>;

/** The answer of GET /v3/service-schedules: one page of service schedules. */
export const ServiceSchedules = Type.Array(ServiceSchedule);

export const DetailedError = Type.Object({
  errorCode: Type.Optional(Type.Integer({ minimum: 7000, maximum: 9999, format: 'int32' })),
  property: Type.Optional(Type.String({ maxLength: 100 })),
  value: Type.Optional(Type.String({ maxLength: 500 })),
  jsonPath: Type.Optional(Type.String({ maxLength: 500 })),
  errorCodeText: Type.String({ maxLength: 100 }),
  /** Spelt so by the standard. */
  erorCodeMessage: Type.Optional(Type.String({ maxLength: 200 })),
});
export type DetailedError = Static<typeof DetailedError>;

export const ErrorResponse = Type.Object({
  httpMethod: Type.Union([
    Type.Literal('GET'),
    Type.Literal('HEAD'),
    Type.Literal('POST'),
    Type.Literal('PUT'),
    Type.Literal('DELETE'),
    Type.Literal('OPTION'),
    Type.Literal('PATCH'),
  ]),
  requestUri: Type.String(),
  statusCode: Type.Integer({ format: 'int32' }),
  statusCodeText: Type.String({ maxLength: 50 }),
  statusCodeMessage: Type.Optional(Type.String({ maxLength: 200 })),
  providerCorrelationReference: Type.Optional(Type.String({ maxLength: 100 })),
  errorDateTime: Type.String({ format: 'date-time' }),
  errors: Type.Array(DetailedError),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

/**
 * The query of GET /v3/service-schedules, each parameter as the standard declares it (pattern, length). Every value
 * is text: limit is read by the route, so that "Infinity" or "1.5" is refused in the standard's error body. Unknown
 * parameters are refused rather than ignored, so that a misspelt filter does not answer every schedule. Free text
 * the standard leaves without a pattern may not hold NUL, which PostgreSQL's text cannot store or compare.
 */
export const ServiceSchedulesQuery = Type.Object(
  {
    carrierServiceName: Type.Optional(Type.String({ maxLength: 50, pattern: NO_NUL_PATTERN })),
    carrierServiceCode: Type.Optional(Type.String({ maxLength: 11, pattern: NO_NUL_PATTERN })),
    universalServiceReference: Type.Optional(Type.String(UNIVERSAL_SERVICE_REFERENCE)),
    vesselIMONumber: Type.Optional(Type.String(IMO_NUMBER)),
    MMSINumber: Type.Optional(Type.String(MMSI_NUMBER)),
    vesselName: Type.Optional(Type.String({ maxLength: 35, pattern: NO_NUL_PATTERN })),
    carrierVoyageNumber: Type.Optional(Type.String({ maxLength: 50, pattern: NO_NUL_PATTERN })),
    universalVoyageReference: Type.Optional(Type.String({ ...UNIVERSAL_VOYAGE_REFERENCE, maxLength: 5 })),
    UNLocationCode: Type.Optional(Type.String(UN_LOCATION_CODE)),
    facilitySMDGCode: Type.Optional(Type.String({ maxLength: 6, pattern: NO_NUL_PATTERN })),
    vesselOperatorSMDGLinerCode: Type.Optional(Type.String({ maxLength: 10, pattern: NO_NUL_PATTERN })),
    startDate: Type.Optional(Type.String({ format: 'date' })),
    endDate: Type.Optional(Type.String({ format: 'date' })),
    // `type` as the standard writes it: a length on an enum without it is a keyword the validator warns of at start.
    responseScope: Type.Optional(
      Type.Enum(['FULL_VOYAGE', 'MATCHED_CALLS'], { type: 'string', maxLength: 30 }),
    ),
    limit: Type.Optional(Type.String({ pattern: '^\\d{1,4}$' })),
    cursor: Type.Optional(Type.String({ maxLength: 1024, pattern: NO_NUL_PATTERN })),
  },
  { additionalProperties: false },
);
export type ServiceSchedulesQuery = Static<typeof ServiceSchedulesQuery>;
