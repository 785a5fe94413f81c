// API contract of Port to port (product.md#port-to-port): the sailings from one port to another, and the compact
// schedule set the device keeps to answer the same search with no link. A module of its own: only the worker's
// port-to-port chunk (loaded on first use) and the server take it.
import { Type, type Static } from 'typebox';
import { IsoDate, PortCd } from './common.ts';
import { SAILINGS_MAX_WEEKS, SAILINGS_WEEKS } from '../sailing-weeks.ts';

export const SailingsQuery = Type.Object(
  {
    fromPortCd: PortCd,
    toPortCd: PortCd,
    weeks: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: SAILINGS_MAX_WEEKS,
        description: `departures in the next this many weeks (${SAILINGS_WEEKS} when absent)`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type SailingsQuery = Static<typeof SailingsQuery>;

/** One vessel's sailing from the first port to the second on one voyage. */
export const Sailing = Type.Object({
  laneCd: Type.String(),
  laneNm: Type.String(),
  crrCd: Type.String(),
  crrBgColrVal: Type.String(),
  crrFgColrVal: Type.String(),
  vslCd: Type.String(),
  vslNm: Type.String(),
  voyNo: Type.String({ description: 'voyage number and direction, e.g. 0412E' }),
  etd: IsoDate,
  eta: IsoDate,
  transitDays: Type.Number({
    description: 'from ETD at the first port to ETA at the second, in days (one decimal)',
  }),
});
export type Sailing = Static<typeof Sailing>;

export const Sailings = Type.Object({
  fromPortCd: Type.String(),
  toPortCd: Type.String(),
  /** Departures from the first port between these two times. */
  from: IsoDate,
  to: IsoDate,
  sailings: Type.Array(Sailing, { description: 'by ETD at the first port, then transit time' }),
});
export type Sailings = Static<typeof Sailings>;

/** A call in the schedule set: port code, then ETA and ETD in minutes after the set's `base`. */
export const ScheduleCall = Type.Tuple([Type.String(), Type.Integer(), Type.Integer()]);
export type ScheduleCall = Static<typeof ScheduleCall>;

/**
 * Every vessel's calls still to come, compact, for port-to-port searches on the device with no link: per service its
 * voyages, each with its calls in order (omitted calls and calls already left out).
 */
export const ScheduleSet = Type.Object({
  base: IsoDate,
  services: Type.Array(
    Type.Object({
      laneCd: Type.String(),
      laneNm: Type.String(),
      crrCd: Type.String(),
      bg: Type.String({ description: "the carrier's colours" }),
      fg: Type.String(),
      voyages: Type.Array(
        Type.Object({
          vslCd: Type.String(),
          vslNm: Type.String(),
          voyNo: Type.String(),
          calls: Type.Array(ScheduleCall),
        }),
      ),
    }),
  ),
});
export type ScheduleSet = Static<typeof ScheduleSet>;
