// The link helper of product.md#who-may-do-what: page links for vessels, voyages, services and ports, with the user-type rules.
// A link a user may not follow is "#"; an empty code links to the page without a code (the page picks its default).
import type { LoggedUser } from './contract/common.ts';
import { isVesselUser } from './role.ts';
import { SAILINGS_WEEKS } from './sailing-weeks.ts';

export type LinkUser = Pick<LoggedUser, 'usrTpCd' | 'ofcId'> | null | undefined;
export type EntityKind = 'vessel' | 'voyage';
export type QueryParams = Record<string, string | null | undefined>;

const NO_LINK = '#';

function withCode(base: string, code: string | null | undefined, query?: QueryParams): string {
  const c = (code ?? '').trim();
  const path = c ? `${base}/${encodeURIComponent(c)}` : base;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== null && v !== undefined && v !== '') params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Whether the user may open this vessel's pages: type 4 only its own vessel (its ofcId), every other type any. */
export function canOpenVessel(user: LinkUser, vslCd: string | null | undefined): boolean {
  if (!user) return false;
  if (!isVesselUser(user)) return true;
  const own = (user.ofcId ?? '').trim().toUpperCase();
  const code = (vslCd ?? '').trim().toUpperCase();
  return !code || code === own; // no code means the page's default, which for type 4 is its own vessel
}

/** Link to a vessel or voyage page, "/{kind}/{vslCd}" with an optional query; "#" when the user may not open it. */
export function entityLink(
  user: LinkUser,
  kind: EntityKind,
  vslCd: string | null | undefined,
  query?: QueryParams,
): string {
  return canOpenVessel(user, vslCd) ? withCode(`/${kind}`, vslCd, query) : NO_LINK;
}

/** Vessel page link, e.g. "/vessel/ABCD?widgetPath=IBM_W2030"; "#" when the user may not open it. */
export function vesselLink(
  user: LinkUser,
  vslCd: string | null | undefined,
  opts?: { widgetPath?: string },
): string {
  return entityLink(user, 'vessel', vslCd, { widgetPath: opts?.widgetPath });
}

/** Voyage page link "/voyage/{vslCd}", with optional notification data as query; "#" when the user may not open it. */
export function voyageLink(user: LinkUser, vslCd: string | null | undefined, query?: QueryParams): string {
  return entityLink(user, 'voyage', vslCd, query);
}

/** Service (trade lane) page link "/service/{laneCd}". */
export const serviceLink = (laneCd: string | null | undefined): string => withCode('/service', laneCd);

/** Live port page link "/port/live/{portCd}". */
export const portLiveLink = (portCd: string | null | undefined): string => withCode('/port/live', portCd);

/** Port current-status page link "/port/status/{portCd}". */
export const portStatusLink = (portCd: string | null | undefined): string => withCode('/port/status', portCd);

/**
 * Port to port link "/port/sailings?from=…&to=…&weeks=…" (product.md#screens-and-routes), weeks only when not the default; a missing
 * port is picked on the page.
 */
export const sailingsLink = (
  from: string | null | undefined,
  to?: string | null,
  weeks?: number | null,
): string =>
  withCode('/port/sailings', null, {
    from,
    to,
    weeks: weeks && weeks !== SAILINGS_WEEKS ? String(weeks) : null,
  });
