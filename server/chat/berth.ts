// The readable text of a berth prospect chat message (msg_tp_cd BERTH_PRSP), e.g.
// 'Berth prospect SGSIN Pasir Panjang Terminal: ETB 14:00 21-Nov, ETD 06:00 22-Nov (UTC). Pilot on board 13:00.'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm dd-MMM in UTC (SPEC §9). */
export function utcShort(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} ${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()] ?? ''}`;
}

export interface BerthProspect {
  portCd: string;
  ydNm?: string | null | undefined;
  etb?: Date | null | undefined;
  etd?: Date | null | undefined;
  remark?: string | null | undefined;
}

export function berthProspectText(p: BerthProspect): string {
  const yd = p.ydNm?.trim();
  const head = `Berth prospect ${p.portCd}${yd ? ` ${yd}` : ''}`;
  const times = [p.etb ? `ETB ${utcShort(p.etb)}` : null, p.etd ? `ETD ${utcShort(p.etd)}` : null].filter(
    (t) => t !== null,
  );
  const remark = p.remark?.trim();
  return `${times.length > 0 ? `${head}: ${times.join(', ')} (UTC).` : `${head}.`}${remark ? ` ${remark}` : ''}`;
}
