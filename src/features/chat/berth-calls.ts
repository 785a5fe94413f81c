// The port calls a berth prospect can start from (product.md#chat-calls): the vessel's voyage as the device keeps it
// (with terminal and ETB), else, at sea with no voyage kept, its calls in the port-to-port schedules the device keeps
// (ETA and ETD; the ETA stands in for the ETB), else its next port from My Vessel's fleet (the port alone).
import type { ScheduleSet } from '../../core/contract/sailings.ts';

export interface ScheduleCallChoice {
  portCd: string;
  portNm: string;
  ydNm: string | null;
  /** ISO times, '' when the source has none. */
  etb: string;
  etd: string;
}

const MINUTE = 60_000;

/** The calls still ahead in a kept voyage (cascade), omitted and departed ones left out. */
function fromVoyage(data: unknown): ScheduleCallChoice[] {
  const calls = (data as { calls?: unknown } | null | undefined)?.calls;
  if (!Array.isArray(calls)) return [];
  return (calls as Partial<ScheduleCallChoice & { atd: string | null; skipYn: string }>[])
    .filter((c) => typeof c.portCd === 'string' && typeof c.etb === 'string' && !c.atd && c.skipYn !== 'Y')
    .map((c) => ({
      portCd: c.portCd ?? '',
      portNm: c.portNm ?? '',
      ydNm: c.ydNm ?? null,
      etb: c.etb ?? '',
      etd: c.etd ?? '',
    }));
}

/** The vessel's calls to come in the kept schedule set (already without omitted and departed calls). */
function fromScheduleSet(
  set: ScheduleSet | null | undefined,
  vslCd: string,
  portName: (portCd: string) => string,
): ScheduleCallChoice[] {
  if (!set || !Array.isArray(set.services)) return [];
  const base = Date.parse(set.base);
  if (!Number.isFinite(base)) return [];
  const at = (min: number) => new Date(base + min * MINUTE).toISOString();
  return set.services
    .flatMap((s) => s.voyages.filter((v) => v.vslCd === vslCd))
    .flatMap((v) => v.calls)
    .sort((a, b) => a[1] - b[1])
    .map(([portCd, eta, etd]) => ({
      portCd,
      portNm: portName(portCd),
      ydNm: null,
      etb: at(eta),
      etd: at(etd),
    }));
}

interface FleetNext {
  vslCd: string;
  nextPortCd: string | null;
  nextPortNm: string | null;
}

/** The first source that has any: the voyage, the schedule set, the fleet's next port. */
export function berthCallChoices(
  vslCd: string,
  sources: {
    voyage: unknown;
    scheduleSet?: ScheduleSet | null | undefined;
    fleet?: readonly FleetNext[] | null | undefined;
    portName?: (portCd: string) => string;
  },
): ScheduleCallChoice[] {
  const voyage = fromVoyage(sources.voyage);
  if (voyage.length > 0) return voyage;
  const set = fromScheduleSet(sources.scheduleSet, vslCd, sources.portName ?? ((c) => c));
  if (set.length > 0) return set;
  const next = sources.fleet?.find((v) => v.vslCd === vslCd);
  return next?.nextPortCd
    ? [{ portCd: next.nextPortCd, portNm: next.nextPortNm ?? '', ydNm: null, etb: '', etd: '' }]
    : [];
}
