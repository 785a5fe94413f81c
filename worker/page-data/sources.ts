// Where each page's data comes from (architecture.md#the-pages-the-product-leaves-open): the server path for a code and the check of its answer at the
// client's boundary. One entry per kind; the window asks by kind and code, the worker fetches and keeps it.
import type { Static, TSchema } from 'typebox';
import {
  AisHistoryResponse,
  CascadeResponse,
  FleetResponse,
  PastCallsResponse,
  VesselCurrent,
} from '../../src/core/contract/vessel.ts';
import type { Check } from '../../src/device/net/http.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { PortLive, PortStatus } from '../../src/core/contract/port.ts';
import {
  apiPath,
  PORT_LIVE,
  PORT_PREFIX,
  PORT_STATUS,
  SERVICE_PREFIX,
  SERVICE_ROTATION,
  VESSEL_AIS_HISTORY,
  VESSEL_CASCADE,
  VESSEL_CURRENT,
  VESSEL_FLEET,
  VESSEL_PAST_CALLS,
  vesselPath,
} from '../../src/core/contract/api.ts';
import { ServiceRotation } from '../../src/core/contract/service.ts';

const enc = encodeURIComponent;

interface Source<S extends TSchema> {
  path: (code: string) => string;
  schema: S;
  /** How long an answer counts as current: a page opened again within this asks the server nothing. */
  freshMs: number;
}

const source = <S extends TSchema>(
  path: (code: string) => string,
  schema: S,
  freshMs = 60_000,
): Source<S> => ({
  path,
  schema,
  freshMs,
});

export const PAGE_SOURCES = {
  /** The vessel page's header: identity, newest AIS state, voyage, previous and next port. */
  vessel: source((vslCd) => `${vesselPath(VESSEL_CURRENT)}?vslCd=${enc(vslCd)}`, VesselCurrent),
  /** The current voyage's port calls (schedule widget IBM_W2030 and the voyage timeline), with ports' positions. */
  cascade: source((vslCd) => `${vesselPath(VESSEL_CASCADE)}?vslCd=${enc(vslCd)}`, CascadeResponse),
  /** The map's track of the last 48 hours: a fix every 30 minutes at most, so five minutes is fresh enough. */
  track: source(
    (vslCd) => `${vesselPath(VESSEL_AIS_HISTORY)}?vslCd=${enc(vslCd)}&hours=48`,
    AisHistoryResponse,
    5 * 60_000,
  ),
  /**
   * The calls before the current voyage (product.md#past-calls): asked for only when the vessel page's section
   * opens, and changing only when a voyage ends, so an hour is fresh enough.
   */
  pastCalls: source(
    (vslCd) => `${vesselPath(VESSEL_PAST_CALLS)}?vslCd=${enc(vslCd)}`,
    PastCallsResponse,
    60 * 60_000,
  ),
  /** A port's calls around now (expected, alongside, departed): /port/live/{portCd}. */
  portLive: source((portCd) => `${apiPath(PORT_PREFIX, PORT_LIVE)}?portCd=${enc(portCd)}`, PortLive),
  /** A port's status and its recent changes (N009): changes a few times a day at most. */
  portStatus: source(
    (portCd) => `${apiPath(PORT_PREFIX, PORT_STATUS)}?portCd=${enc(portCd)}`,
    PortStatus,
    5 * 60_000,
  ),
  /** A service's rotation and its vessels with their next call: /service/{laneCd}. */
  service: source(
    (laneCd) => `${apiPath(SERVICE_PREFIX, SERVICE_ROTATION)}?laneCd=${enc(laneCd)}`,
    ServiceRotation,
  ),
  /**
   * My Vessel, keyed by the user's id: every vessel the user may see at a glance with `followed` marking the user's
   * own list, so a vessel can be added offline from what the device has (worker/commands saveMyVessels).
   */
  myVessels: source(() => vesselPath(VESSEL_FLEET), FleetResponse),
};

export type PageKind = keyof typeof PAGE_SOURCES;
export type PageDataOf<K extends PageKind> = Static<(typeof PAGE_SOURCES)[K]['schema']>;

const checks = new Map<PageKind, Check<unknown>>();
export function checkOf(kind: PageKind): Check<unknown> {
  let check = checks.get(kind);
  if (!check) {
    check = checkSchema(PAGE_SOURCES[kind].schema as TSchema) as Check<unknown>;
    checks.set(kind, check);
  }
  return check;
}

export const pageKey = (kind: PageKind, code: string): string => `${kind}:${code}`;
