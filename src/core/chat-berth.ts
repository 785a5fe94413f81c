// A berth prospect posted into a vessel's chat room (product.md#chat-calls POST /chat/berth-prsp/message/{vslCd}): the form's
// rules, shared by the app's form and the worker's command, and the readable text of the message (msg_tp_cd
// BERTH_PRSP), which the server stores and the app shows while it waits, e.g.
// 'Berth prospect SGSIN Pasir Panjang Terminal: ETB 14:00 21-Nov, ETD 06:00 22-Nov (UTC). Pilot on board 13:00.'
import type { BerthPrspBody } from './contract/chat.ts';
import { BERTH_REMARK_MAX } from './contract/chat-rules.ts';

const BERTH_TERMINAL_MAX = 100;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm dd-MMM in UTC (product.md#constants). */
function utcShort(d: Date): string {
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

/** The form as typed: ETB and ETD as an <input type="datetime-local"> gives them, read as UTC. */
export interface BerthForm {
  portCd: string;
  ydNm: string;
  etb: string;
  etd: string;
  remark: string;
}
export type BerthField = keyof BerthForm;
export type BerthErrors = Partial<Record<BerthField, string>>;

export const EMPTY_BERTH_FORM: BerthForm = { portCd: '', ydNm: '', etb: '', etd: '', remark: '' };

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DDTHH:mm' read as UTC, or null when it is not a real date and time. */
export function utcFromInput(value: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, h ?? 0, mi ?? 0, s || 0));
  // 31-Feb and the like roll over: not a real date.
  return date.getUTCDate() === d && date.getUTCMonth() === (mo ?? 1) - 1 ? date : null;
}

/**
 * Checks the form (product.md#input-and-formatting-rules: port and ETB are required): the body to send, or a clear message per field. The port
 * is a UN/LOCODE (uppercased); ETD, when given, is not before ETB; terminal and remark within the server's limits.
 */
export function checkBerthForm(
  form: BerthForm,
): { ok: true; body: BerthPrspBody; etb: Date; etd: Date | null } | { ok: false; errors: BerthErrors } {
  const errors: BerthErrors = {};
  const portCd = form.portCd.trim().toUpperCase();
  if (portCd === '') errors.portCd = 'Enter the port code.';
  else if (!/^[A-Z]{2}[A-Z0-9]{3}$/.test(portCd))
    errors.portCd = 'The port is a 5-character UN/LOCODE, for example SGSIN.';
  const ydNm = form.ydNm.replaceAll('\u0000', '').trim();
  if (ydNm.length > BERTH_TERMINAL_MAX)
    errors.ydNm = `The terminal is at most ${BERTH_TERMINAL_MAX} characters.`;
  const etb = form.etb.trim() === '' ? null : utcFromInput(form.etb);
  if (form.etb.trim() === '') errors.etb = 'Enter the ETB (UTC).';
  else if (!etb) errors.etb = 'The ETB is not a valid date and time.';
  const etd = form.etd.trim() === '' ? null : utcFromInput(form.etd);
  if (form.etd.trim() !== '' && !etd) errors.etd = 'The ETD is not a valid date and time.';
  else if (etb && etd && etd < etb) errors.etd = 'The ETD must not be before the ETB.';
  const remark = form.remark.replaceAll('\u0000', '').trim();
  if (remark.length > BERTH_REMARK_MAX)
    errors.remark = `The remark is at most ${BERTH_REMARK_MAX} characters.`;
  if (Object.keys(errors).length > 0 || !etb) return { ok: false, errors };
  const body: BerthPrspBody = {
    portCd,
    etb: etb.toISOString(),
    ...(etd ? { etd: etd.toISOString() } : {}),
    ...(ydNm ? { ydNm } : {}),
    ...(remark ? { remark } : {}),
  };
  return { ok: true, body, etb, etd };
}
