// The user's followed vessels (My Vessel) as the fleet answer marks them: `followed` and the place the user gave each.
import type { FleetVessel } from './contract/vessel.ts';

/** The followed vessels' codes, in the user's order (sortNo; by code where the device has no order). */
export const followedCodes = (vessels: readonly FleetVessel[]): string[] =>
  vessels
    .filter((v) => v.followed)
    .sort((a, b) => (a.sortNo ?? Infinity) - (b.sortNo ?? Infinity) || a.vslCd.localeCompare(b.vslCd))
    .map((v) => v.vslCd);
