// Events (bunkering, crew change, inspections, weather), handover and cascade memos, and next dry
// docks for the fleet, consistent with each vessel's calls.
import type { Row } from './insert.ts';
import { rng } from './rng.ts';
import type { Call, Schedule } from './schedule.ts';
import { DAY, HOUR, MIN, floorTo, fmtUtc, iso } from './time.ts';

const WEATHER_LANES: Readonly<Record<string, string>> = {
  TPX: 'Typhoon KROSA',
  IAX: 'Typhoon KROSA',
  OCX: 'Typhoon KROSA',
  CJK: 'Tropical Storm BAILU',
  BBX: 'Cyclone SENYAR',
};

export function eventRows(schedules: readonly Schedule[], now: number): Row[] {
  const rows: Row[] = [];
  const ev = (vsl: string, port: string | null, tp: string, nm: string, at: number, desc: string) =>
    rows.push({
      vsl_cd: vsl,
      port_cd: port,
      evnt_tp_cd: tp,
      evnt_nm: nm,
      evnt_dt: iso(floorTo(at, 30 * MIN)),
      evnt_desc: desc,
    });
  for (const s of schedules) {
    const r = rng('events', s.vessel.vslCd);
    const vsl = s.vessel.vslCd;
    const live = s.calls.filter((c) => !c.skip && c.voyage !== 'hist');
    const upcoming = live.filter((c) => c.dep > now);
    const past = live.filter((c) => c.dep <= now);
    const [u1, u2] = upcoming as [Call | undefined, Call | undefined];
    const p1 = past[past.length - 1];
    if (u1)
      ev(
        vsl,
        u1.portCd,
        'BUNKER',
        `Bunkering VLSFO ${r.int(8, 22) * 100} mt`,
        u1.etb + 4 * HOUR,
        'Barge alongside after berthing; 120 mt MGO also requested.',
      );
    if (u2) {
      const n = r.int(3, 8);
      ev(
        vsl,
        u2.portCd,
        'CREW',
        'Crew change',
        u2.etb + 6 * HOUR,
        `${n} on / ${n} off; agent to arrange transport and immigration.`,
      );
    }
    if (p1)
      ev(
        vsl,
        p1.portCd,
        'INSPECTION',
        'Port State Control inspection',
        p1.berth + 5 * HOUR,
        r.chance(0.7) ? 'No deficiencies.' : '2 deficiencies, rectified before departure.',
      );
    if (u2 && r.chance(0.4))
      ev(
        vsl,
        u2.portCd,
        'INSPECTION',
        'Class annual survey',
        u2.etb + 8 * HOUR,
        'Surveyor attending on arrival; hull and machinery items.',
      );
    else if (p1 && r.chance(0.3))
      ev(
        vsl,
        p1.portCd,
        'REPAIR',
        'Main engine unit overhaul',
        p1.berth + 3 * HOUR,
        'Unit No.4 exhaust valve replaced by ship staff.',
      );
    if (u1)
      ev(
        vsl,
        u1.portCd,
        'PORT',
        'Berth window confirmed',
        u1.eta - 36 * HOUR,
        `${u1.ydNm}: ETB ${fmtUtc(u1.etb)} UTC.`,
      );
    const storm = WEATHER_LANES[s.lane.laneCd];
    if (storm)
      ev(
        vsl,
        null,
        'WEATHER',
        `${storm} warning`,
        now - r.int(2, 20) * HOUR,
        'Heavy weather expected on the route; master to follow the routing advice.',
      );
  }
  return rows.sort((a, b) => String(a.evnt_dt).localeCompare(String(b.evnt_dt)));
}

// prettier-ignore
const MEMOS: [vslCd: string, type: 'HANDOVER' | 'CASCADE' | 'WIDGET', usrId: string, daysAgo: number, text: string][] = [
  ['QHZN', 'HANDOVER', 'vessel', 12, 'Handover to relieving master: No.2 auxiliary engine under observation (high exhaust temperature on unit 3). Reefer plugs all tested. Next PSC due within 3 months.'],
  ['QHZN', 'HANDOVER', 'co.qhzn', 4, 'Chief officer handover: lashing gear inspected, 40 twistlocks replaced at {prev}. Ballast tank 3P coating touch-up pending.'],
  ['QHZN', 'CASCADE', 'operator', 6, 'Cascade: from this voyage the service calls {next} before {after}. Keep 19 kts between the two to protect the berth window.'],
  ['QHZN', 'CASCADE', 'staff', 2, 'Cascade: low-sulphur fuel changeover required before entering the ECA; log times in the ORB.'],
  ['QHZN', 'WIDGET', 'vessel', 1, 'Schedule: agent reports berth congestion at {next}, possible 6 hrs waiting.'],
  ['AHDS', 'HANDOVER', 'vessel2', 9, 'Handover: bow thruster serviced at {prev}. Garbage landed. Provisions for 45 days on board.'],
  ['AHDS', 'CASCADE', 'operator', 3, 'Cascade: USEC terminals busy this week, expect late berthing; slow steam to save fuel.'],
  ['QMRD', 'HANDOVER', 'capt.qmrd', 15, 'Handover: radar X-band replaced, new magnetron. Crew change planned at {next}.'],
  ['OCRS', 'CASCADE', 'operator', 5, 'Cascade: Suez transit booked, convoy slot to be confirmed by the agent.'],
  ['PDWN', 'HANDOVER', 'capt.pdwn', 8, 'Handover: ECDIS updated to the latest weekly corrections. Hull cleaning due at {next}.'],
  ['QBCN', 'CASCADE', 'operator', 2, 'Cascade: Panama Canal booking confirmed; transit draft max 15.2 m TFW.'],
  ['SCRS', 'HANDOVER', 'capt.scrs', 20, 'Handover: biosecurity inspection for Australia passed; keep the vessel free of soil and pests.'],
  ['NRPL', 'CASCADE', 'staff', 7, 'Cascade: Gothenburg call may be weather-dependent this week.'],
];

export function memoRows(schedules: readonly Schedule[], now: number): Row[] {
  const byVessel = new Map(schedules.map((s) => [s.vessel.vslCd, s]));
  return MEMOS.map(([vsl, type, usr, daysAgo, text]) => {
    const s = byVessel.get(vsl);
    const cur = s?.calls[s.current];
    const after = s?.calls.slice(s.current + 1).find((c) => !c.skip);
    const prev = s?.calls
      .slice(0, s.current)
      .filter((c) => !c.skip)
      .pop();
    const memo = text
      .replace('{next}', cur?.portCd ?? 'the next port')
      .replace('{after}', after?.portCd ?? 'the following port')
      .replace('{prev}', prev?.portCd ?? 'the last port');
    const at = floorTo(now - daysAgo * DAY, MIN) + rng('memo', vsl, daysAgo).int(0, 600) * MIN;
    return {
      vsl_cd: vsl,
      memo_tp: type,
      wdgt_id: type === 'WIDGET' ? 'IBM_W2030' : null,
      memo,
      cre_usr_id: usr,
      cre_dt: iso(Math.min(at, now - 5 * MIN)),
    };
  }).sort((a, b) => a.cre_dt.localeCompare(b.cre_dt));
}

// prettier-ignore
const DOCKS: [vslCd: string, yard: string, portCd: string, inDays: number, days: number, remark: string, usr: string][] = [
  ['QHZN', 'Huarun Dadong Dockyard', 'CNSHA', 96, 16, 'Intermediate survey, hull blasting and painting, propeller polishing.', 'operator'],
  ['AHDS', 'Damen Shiprepair Rotterdam', 'NLRTM', 140, 14, 'Special survey (5-yearly), tailshaft withdrawal.', 'operator'],
  ['QMRD', 'Keppel Shipyard Tuas', 'SGSIN', 210, 12, 'Scrubber overhaul and ballast water treatment system upgrade.', 'staff'],
  ['OCRS', 'COSCO Shipyard Zhoushan', 'CNNGB', 60, 18, 'Special survey, rudder bearing renewal.', 'operator'],
  ['NRPL', 'Blohm+Voss', 'DEHAM', 175, 14, 'Intermediate survey and bulbous bow retrofit.', 'staff'],
  ['OSPH', 'Drydocks World Dubai', 'AEJEA', 45, 20, 'Special survey, main engine crankshaft inspection.', 'staff'],
  ['PDWN', 'HJ Shipbuilding Yeongdo Yard', 'KRPUS', 120, 15, 'Intermediate survey and hull coating.', 'operator'],
];

export function nextDockRows(now: number): Row[] {
  const day = floorTo(now, DAY);
  return DOCKS.map(([vsl, yard, port, inDays, days, remark, usr], i) => ({
    vsl_cd: vsl,
    yard_nm: yard,
    port_cd: port,
    fm_dt: iso(day + inDays * DAY),
    to_dt: iso(day + (inDays + days) * DAY),
    remark,
    upd_usr_id: usr,
    upd_dt: iso(day - (3 + i) * DAY + 9 * HOUR),
  }));
}
