// DCSA Commercial Schedules 1.0.3 (CS_v1.0.3.yaml beside this file) as TypeBox schemas: the answers of the three
// calls, their queries and the error body, with the standard's own patterns, lengths and enums.
// tests/dcsa-cs-schemas.test.ts holds them against the YAML, so that they cannot drift from the standard.
import { Type, type Static, type TSchema } from 'typebox';
import { NO_NUL_PATTERN } from '../../src/core/contract/text.ts';
import { ErrorResponse as OvsErrorResponse } from './ovs-schemas.ts';

/** The version served, sent back in every answer's API-Version header (the standard asks for the full SemVer). */
export const CS_VERSION = '1.0.3';

/** The standard's text: no space at either end, not empty. */
const TEXT = '^\\S(?:.*\\S)?$';
const text = (maxLength: number) => Type.String({ pattern: TEXT, maxLength });
const UN_LOCATION_CODE = { pattern: '^[A-Z]{2}[A-Z2-9]{3}$', minLength: 5, maxLength: 5 } as const;
const UNIVERSAL_SERVICE_REFERENCE = { pattern: '^SR\\d{5}[A-Z]$', maxLength: 8, minLength: 8 } as const;
const UNIVERSAL_VOYAGE_REFERENCE = {
  pattern: '^\\d{2}[0-9A-Z]{2}[NEWSR]$',
  minLength: 5,
  maxLength: 5,
} as const;
const IMO_NUMBER = { pattern: '^\\d{7,8}$', minLength: 7, maxLength: 8 } as const;
const MMSI_NUMBER = { pattern: '^\\d{9}$', minLength: 9, maxLength: 9 } as const;
const COUNTRY = { pattern: '^[A-Z]{2}$', minLength: 2, maxLength: 2 } as const;
const DATE_TIME = { format: 'date-time' } as const;
const opt = Type.Optional;
const CODE_LIST = Type.Enum(['SMDG', 'NMFTA']);
// `type` as the standard writes it: a length on an enum without it is a keyword the validator warns of at start.
const SERVICE_TYPE = Type.Enum(['CY', 'SD', 'CFS'], { type: 'string', maxLength: 3 });
const universalVoyage = () => ({
  universalImportVoyageReference: opt(Type.String(UNIVERSAL_VOYAGE_REFERENCE)),
  universalExportVoyageReference: opt(Type.String(UNIVERSAL_VOYAGE_REFERENCE)),
});

export const Address = Type.Object({
  street: Type.String({ maxLength: 70 }),
  streetNumber: opt(Type.String({ maxLength: 50 })),
  floor: opt(text(50)),
  postCode: opt(Type.String({ maxLength: 10 })),
  city: text(35),
  stateRegion: opt(Type.String({ maxLength: 65 })),
  countryCode: Type.String(COUNTRY),
});

export const Facility = Type.Object({
  facilityCode: text(6),
  facilityCodeListProvider: Type.Enum(['BIC', 'SMDG']),
});

/** The parts every location of the standard may have. */
const located = () => ({
  locationName: opt(text(100)),
  facilityName: opt(Type.String({ maxLength: 100 })),
  UNLocationCode: opt(Type.String(UN_LOCATION_CODE)),
});
const addressed = () => ({
  address: opt(Address),
  addressLines: opt(Type.Array(Type.String({ maxLength: 250 }), { maxItems: 5 })),
});

export const Location = Type.Object({ ...located(), ...addressed(), facility: opt(Facility) });
export type Location = Static<typeof Location>;
export const TransportCallLocation = Type.Object({
  ...located(),
  ...addressed(),
  facilitySMDGCode: opt(Type.String({ maxLength: 6 })),
});
export const PortScheduleLocation = Type.Object({
  ...located(),
  facilitySMDGCode: opt(Type.String({ maxLength: 6 })),
});
export type PortScheduleLocation = Static<typeof PortScheduleLocation>;

export const Timestamp = Type.Object({
  eventTypeCode: Type.Enum(['ARRI', 'DEPA']),
  eventClassifierCode: Type.Enum(['PLN', 'EST', 'ACT']),
  eventDateTime: Type.String(DATE_TIME),
});
export type Timestamp = Static<typeof Timestamp>;

export const CutOffTime = Type.Object({
  cutOffDateTimeCode: Type.String({ maxLength: 3 }),
  cutOffDateTime: Type.String(DATE_TIME),
});

/** Vessel and Barge: the same particulars. */
const particulars = () =>
  Type.Object({
    vesselIMONumber: opt(Type.String(IMO_NUMBER)),
    MMSINumber: opt(Type.String(MMSI_NUMBER)),
    name: opt(text(50)),
    flag: opt(Type.String(COUNTRY)),
    callSign: opt(text(10)),
    operatorCarrierCode: opt(Type.String({ maxLength: 10 })),
    operatorCarrierCodeListProvider: opt(CODE_LIST),
  });
export const Vessel = particulars();
export type Vessel = Static<typeof Vessel>;
export const Barge = particulars();

export const TransportCall = Type.Object({
  portVisitReference: opt(Type.String({ maxLength: 50 })),
  transportCallReference: Type.String({ maxLength: 100 }),
  carrierImportVoyageNumber: text(50),
  carrierExportVoyageNumber: opt(text(50)),
  ...universalVoyage(),
  cutOffTimes: opt(Type.Array(CutOffTime)),
  location: opt(TransportCallLocation),
  timestamps: Type.Array(Timestamp, { minItems: 1 }),
});
export type TransportCall = Static<typeof TransportCall>;

export const VesselSchedule = Type.Object({
  vessel: opt(Vessel),
  isDummyVessel: Type.Boolean(),
  transportCalls: opt(Type.Array(TransportCall)),
});

export const ServiceSchedule = Type.Object({
  carrierServiceName: text(50),
  carrierServiceCode: text(11),
  universalServiceReference: opt(Type.String(UNIVERSAL_SERVICE_REFERENCE)),
  vesselSchedules: Type.Array(VesselSchedule, { minItems: 1 }),
});
export type ServiceSchedule = Static<typeof ServiceSchedule>;
/** The answer of GET /v1/vessel-schedules. */
export const ServiceSchedules = Type.Array(ServiceSchedule);

const partner = {
  carrierCode: opt(Type.String({ pattern: '^\\S+$', maxLength: 4 })),
  carrierCodeListProvider: opt(CODE_LIST),
};
export const ServicePartner = Type.Object({
  ...partner,
  carrierServiceName: opt(text(50)),
  carrierServiceCode: opt(text(11)),
  carrierImportVoyageNumber: opt(text(50)),
  carrierExportVoyageNumber: opt(text(50)),
});
export const ServicePartnerSchedule = Type.Object({
  ...partner,
  carrierServiceName: text(50),
  carrierServiceCode: text(11),
  carrierImportVoyageNumber: text(50),
  carrierExportVoyageNumber: text(50),
});
export type ServicePartnerSchedule = Static<typeof ServicePartnerSchedule>;

export const Schedule = Type.Object({
  universalServiceReference: opt(Type.String(UNIVERSAL_SERVICE_REFERENCE)),
  servicePartners: Type.Array(ServicePartnerSchedule, { minItems: 1 }),
  vessel: opt(Vessel),
  isDummyVessel: Type.Boolean(),
  ...universalVoyage(),
  timestamps: Type.Array(Timestamp, { minItems: 1 }),
  cutOffTimes: opt(Type.Array(CutOffTime)),
});
export type Schedule = Static<typeof Schedule>;

export const PortSchedule = Type.Object({
  location: PortScheduleLocation,
  vesselSchedules: opt(Type.Array(Schedule)),
});
export type PortSchedule = Static<typeof PortSchedule>;
/** The answer of GET /v1/port-schedules. */
export const PortSchedules = Type.Array(PortSchedule);

/** Where a leg or a routing starts or ends; the arrival and the departure of a leg name their call too. */
const placed = () => ({
  facilityTypeCode: Type.String({ maxLength: 4 }),
  location: Location,
  dateTime: Type.String(DATE_TIME),
});
const called = () => ({ transportCallReference: opt(Type.String({ maxLength: 100 })), ...placed() });
export const PlaceOfReceipt = Type.Object(placed());
export const PlaceOfDelivery = Type.Object(placed());
export const PlaceOfArrival = Type.Object(called());
export const PlaceOfDeparture = Type.Object(called());
export type Place = Static<typeof PlaceOfArrival>;

/** VesselTransport and BargeTransport: the same but for the mode and the craft's key. */
const waterborne = <K extends string>(mode: string, craft: K) =>
  Type.Object({
    modeOfTransport: Type.Enum([mode]),
    portVisitReference: opt(Type.String({ maxLength: 50 })),
    transportCallReference: opt(Type.String({ maxLength: 100, deprecated: true })),
    servicePartners: opt(Type.Array(ServicePartner)),
    universalServiceReference: opt(Type.String(UNIVERSAL_SERVICE_REFERENCE)),
    ...universalVoyage(),
    ...({ [craft]: opt(Vessel) } as Record<K, ReturnType<typeof opt<typeof Vessel>>>),
  });
export const VesselTransport = waterborne('VESSEL', 'vessel');
export const BargeTransport = waterborne('BARGE', 'barge');
export const OtherTransport = Type.Object(
  {
    modeOfTransport: Type.Enum(['RAIL_TRUCK', 'BARGE_TRUCK', 'BARGE_RAIL', 'MULTIMODAL', 'RAIL', 'TRUCK']),
  },
  { additionalProperties: false },
);

export const IntermediateCall = Type.Object({
  transportCallReference: opt(Type.String({ maxLength: 100 })),
  facilityTypeCode: opt(Type.String({ maxLength: 4 })),
  location: Location,
  arrivalDateTime: opt(Type.String(DATE_TIME)),
  departureDateTime: opt(Type.String(DATE_TIME)),
});
export type IntermediateCall = Static<typeof IntermediateCall>;

const double = () => opt(Type.Number({ format: 'double' }));
const Footprint = Type.Object({
  co2: double(),
  co2e: double(),
  sox: double(),
  nox: double(),
  pm10: double(),
});

export const Leg = Type.Object({
  sequenceNumber: opt(Type.Integer({ format: 'int32' })),
  transport: opt(Type.Union([VesselTransport, BargeTransport, OtherTransport])),
  departure: PlaceOfDeparture,
  intermediateCalls: opt(Type.Array(IntermediateCall)),
  arrival: PlaceOfArrival,
  footprint: opt(Footprint),
  cutOffTimes: opt(Type.Array(CutOffTime)),
});
export type Leg = Static<typeof Leg>;

export const PointToPoint = Type.Object({
  placeOfReceipt: PlaceOfReceipt,
  placeOfDelivery: PlaceOfDelivery,
  receiptTypeAtOrigin: opt(SERVICE_TYPE),
  deliveryTypeAtDestination: opt(SERVICE_TYPE),
  cutOffTimes: opt(Type.Array(CutOffTime)),
  solutionNumber: opt(Type.Integer({ format: 'int32', minimum: 1 })),
  routingReference: opt(text(5000)),
  transitTime: opt(Type.Integer({ format: 'int32' })),
  solutionFootprint: opt(Footprint),
  legs: Type.Array(Leg, { minItems: 1 }),
});
export type PointToPoint = Static<typeof PointToPoint>;
/** The answer of GET /v1/point-to-point-routes. */
export const PointToPoints = Type.Array(PointToPoint);

/** CS spells the message errorCodeMessage, and requires it (OVS 3.0.2 wrote erorCodeMessage). */
export const DetailedError = Type.Object({
  errorCode: opt(Type.Integer({ minimum: 7000, maximum: 9999, format: 'int32' })),
  property: opt(Type.String({ maxLength: 100 })),
  value: opt(Type.String({ maxLength: 500 })),
  jsonPath: opt(Type.String({ maxLength: 500 })),
  errorCodeText: Type.String({ maxLength: 100 }),
  errorCodeMessage: Type.String({ maxLength: 5000 }),
});
export type DetailedError = Static<typeof DetailedError>;

export const ErrorResponse = Type.Object({
  ...Type.Omit(OvsErrorResponse, ['errors']).properties,
  errors: Type.Array(DetailedError, { minItems: 1 }),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

/**
 * The queries, each parameter as the standard declares it (pattern, length). Every value is text: limit is read by
 * the request (a whole number), so that "Infinity" or "1.5" is refused in the standard's error body. Unknown
 * parameters are refused rather than ignored, so that a misspelt filter does not answer everything. Free text the
 * standard leaves without a pattern may not hold NUL, which PostgreSQL's text cannot store or compare.
 */
const free = (maxLength: number) => opt(Type.String({ maxLength, pattern: NO_NUL_PATTERN }));
const paging = {
  limit: opt(Type.String({ pattern: '^\\d{1,4}$' })),
  cursor: free(1024),
};
const query = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object({ ...properties, ...paging }, { additionalProperties: false });
const DATE = Type.String({ format: 'date' });

export const VesselSchedulesQuery = query({
  vesselIMONumber: opt(Type.String(IMO_NUMBER)),
  vesselName: opt(text(50)),
  carrierServiceCode: free(11),
  universalServiceReference: opt(Type.String(UNIVERSAL_SERVICE_REFERENCE)),
  carrierVoyageNumber: free(50),
  universalVoyageReference: opt(Type.String({ pattern: UNIVERSAL_VOYAGE_REFERENCE.pattern, maxLength: 5 })),
  UNLocationCode: opt(Type.String(UN_LOCATION_CODE)),
  facilitySMDGCode: free(6),
  vesselOperatorCarrierCode: free(10),
  startDate: opt(DATE),
  endDate: opt(DATE),
  responseScope: opt(Type.Enum(['FULL_VOYAGE', 'MATCHED_CALLS'], { type: 'string', maxLength: 30 })),
});
export type VesselSchedulesQuery = Static<typeof VesselSchedulesQuery>;

export const PortSchedulesQuery = query({
  UNLocationCode: Type.String(UN_LOCATION_CODE),
  date: Type.String({ format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
});
export type PortSchedulesQuery = Static<typeof PortSchedulesQuery>;

export const PointToPointQuery = query({
  placeOfReceipt: Type.String(UN_LOCATION_CODE),
  placeOfDelivery: Type.String(UN_LOCATION_CODE),
  departureStartDate: opt(DATE),
  departureEndDate: opt(DATE),
  arrivalStartDate: opt(DATE),
  arrivalEndDate: opt(DATE),
  maxTranshipment: opt(Type.String({ pattern: '^\\d{1,4}$' })),
  receiptTypeAtOrigin: opt(SERVICE_TYPE),
  deliveryTypeAtDestination: opt(SERVICE_TYPE),
  cargoType: opt(Type.Enum(['DRY', 'REEFER'])),
});
export type PointToPointQuery = Static<typeof PointToPointQuery>;
