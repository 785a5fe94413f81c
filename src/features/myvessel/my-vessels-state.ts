// What My Vessel shows (architecture.md#nothing-expires-silently): the followed vessels from the kept fleet answer, with the changes still
// waiting in the outbox laid over it (a page sync may bring the server's older list while they wait), and which
// vessels were added or removed but are not confirmed yet.
import type { FleetVessel } from '../../core/contract/vessel.ts';
import { followedCodes } from '../../core/followed.ts';

/** What the window reads of a waiting 'mySetting' operation. */
export interface WaitingListChange {
  body: unknown;
}

export interface MyVesselsView {
  /** The followed vessels as the user last chose them, in the user's order (newest added last). */
  followed: FleetVessel[];
  /** The vessels the user may add, by name. */
  others: FleetVessel[];
  /** The followed vessel codes a new change starts from, in the order they were chosen. */
  list: string[];
  /** Added, waiting to be sent. */
  added: ReadonlySet<string>;
  /** Removed, waiting to be sent. */
  removed: FleetVessel[];
}

/** The vslCds of an operation's body, or null when it has none. */
const codesOf = (v: unknown): string[] | null => {
  const list = (v as Record<string, unknown> | null | undefined)?.vslCds;
  return Array.isArray(list) && list.every((c) => typeof c === 'string') ? (list as string[]) : null;
};

const byName = (a: FleetVessel, b: FleetVessel) =>
  a.vslNm.localeCompare(b.vslNm) || a.vslCd.localeCompare(b.vslCd);

/**
 * `server`: the followed vessels as the server has them, when changes wait (the kept fleet answer's base,
 * architecture.md#the-outbox); null when nothing waits.
 */
export function myVesselsView(
  fleet: readonly FleetVessel[],
  waiting: readonly WaitingListChange[],
  server: readonly FleetVessel[] | null = null,
): MyVesselsView {
  const kept = followedCodes(fleet);
  const last = waiting.length ? codesOf(waiting[waiting.length - 1]?.body) : null;
  const list = last ?? kept;
  const before = new Set(waiting.length && server ? followedCodes(server) : list);
  const now = new Set(list);
  const byCode = new Map(fleet.map((v) => [v.vslCd, v]));
  const followed = list.flatMap((c) => byCode.get(c) ?? []);
  return {
    followed,
    others: fleet.filter((v) => !now.has(v.vslCd)).sort(byName),
    list,
    added: new Set(list.filter((c) => !before.has(c))),
    removed: fleet.filter((v) => before.has(v.vslCd) && !now.has(v.vslCd)).sort(byName),
  };
}

/** Vessels whose name or code holds `query` (any case), best first: codes and names that start with it. */
export function matchVessels(vessels: readonly FleetVessel[], query: string, max = 8): FleetVessel[] {
  const q = query.trim().toUpperCase();
  if (q.length < 2) return [];
  const starts = (v: FleetVessel) => v.vslCd.startsWith(q) || v.vslNm.toUpperCase().startsWith(q);
  const found = vessels.filter((v) => v.vslCd.includes(q) || v.vslNm.toUpperCase().includes(q));
  return [...found.filter(starts), ...found.filter((v) => !starts(v))].slice(0, max);
}

/**
 * What the add field says when no vessel to add matches: that the vessels it names are followed already, when they
 * are, rather than that nothing matches.
 */
export function noMatchText(query: string, followed: readonly FleetVessel[]): string {
  const q = query.trim();
  const already = matchVessels(followed, q, 3);
  if (already.length === 0) return `No vessel to add matches “${q}”.`;
  const names = already.map((v) => `${v.vslNm} (${v.vslCd})`).join(', ');
  return `You follow ${names} already: ${already.length === 1 ? 'it is' : 'they are'} on your list.`;
}

/**
 * My Vessel with no vessel followed: "Add one below" only where something can be added (a vessel user's list holds
 * its own vessel at most, and a device may know no other vessel).
 */
export function emptyListText(canAdd: boolean, ownVessel: string | null): string {
  if (ownVessel) return `You follow no vessel. Your own vessel ${ownVessel} is under Vessel and Voyage.`;
  return canAdd
    ? 'You follow no vessel yet. Add one below.'
    : 'You follow no vessel yet, and this device knows no vessel to add.';
}
