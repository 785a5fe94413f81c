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

/**
 * The form as typed. ETB and ETD are each a UTC day picked from a list and a 24-hour time typed beside it, kept as
 * 'YYYY-MM-DD' + 'T' + the time as typed ('2026-12-03T14:30', '2026-12-03T1430'), so a time that cannot be read
 * stays as the user wrote it, in the sheet and in its draft. A browser's own date-time field is not used: it shows the
 * device's style (mm/dd/yyyy, AM/PM on many), not the app's (product.md#constants).
 */
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

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A form time's day ('YYYY-MM-DD' or '') and time as typed. */
export function splitWhen(value: string): { day: string; time: string } {
  const at = value.indexOf('T');
  return at < 0
    ? { day: value.trim(), time: '' }
    : { day: value.slice(0, at).trim(), time: value.slice(at + 1) };
}

/** The form's value for a day and a time as typed; '' when both are empty. */
export const joinWhen = (day: string, time: string): string =>
  day === '' && time === '' ? '' : `${day}T${time}`;

/**
 * A 24-hour time as people type it: "14:30", "14.30", "14h30", "14 30", or digits alone ("1430", "930", which a
 * phone's number pad gives); null for anything else, or an hour past 23 or a minute past 59.
 */
export function readClock(text: string): { h: number; m: number } | null {
  const m = /^(\d{1,2})(?:[:.h ]?)(\d{2})$/i.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= 23 && min <= 59 ? { h, m: min } : null;
}

/** A 'YYYY-MM-DD' day at midnight UTC, or null when it is not a real date (31-Feb and the like). */
function utcDay(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    ? date
    : null;
}

/** A form time ('YYYY-MM-DDT' + a time as typed) read as UTC, or null when its day or its time cannot be read. */
export function utcFromInput(value: string): Date | null {
  const { day, time } = splitWhen(value);
  const date = utcDay(day);
  // An older draft may hold seconds ('14:30:00'): the minutes are what the form keeps.
  const clock = readClock(time.replace(/^(\d{2}:\d{2}):\d{2}$/, '$1'));
  return date && clock ? new Date(date.getTime() + (clock.h * 60 + clock.m) * 60_000) : null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Days offered before today (a call that began) and after it (a voyage's calls ahead). */
const DAYS_BEFORE = 7;
const DAYS_AFTER = 90;

/**
 * The UTC days the form offers, labelled in the app's style with the weekday ("03-Dec-26 Thu"): the week before
 * today to three months on, and any other day already in the form (a call picked from the schedule, a kept draft).
 */
export function dayChoices(now: number, keep: readonly string[] = []): { value: string; label: string }[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const days = new Set<string>();
  for (let i = -DAYS_BEFORE; i <= DAYS_AFTER; i++)
    days.add(new Date(today + i * DAY_MS).toISOString().slice(0, 10));
  for (const k of keep) if (utcDay(k)) days.add(k);
  const todayKey = new Date(today).toISOString().slice(0, 10);
  return [...days].sort().map((value) => {
    const d = utcDay(value) ?? new Date(today);
    const label = `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()] ?? ''}-${pad(d.getUTCFullYear() % 100)} ${WEEKDAYS[d.getUTCDay()] ?? ''}`;
    return { value, label: value === todayKey ? `${label} (today)` : label };
  });
}

/** What is wrong with a form time, named by its word (ETB, ETD): null when it is empty or reads well. */
function whenError(word: string, value: string): string | null {
  const { day, time } = splitWhen(value);
  if (day === '' && time.trim() === '') return null;
  if (day === '') return `Choose the day of the ${word}.`;
  if (!utcDay(day)) return `The day of the ${word} is not a date: choose one from the list.`;
  if (time.trim() === '') return `Enter the time of the ${word}, 24-hour, for example 14:30.`;
  if (!utcFromInput(value))
    return `"${time.trim()}" is not a time: write the ${word} as HH:mm, 24-hour, for example 14:30.`;
  return null;
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
  const etb = utcFromInput(form.etb);
  const typed = splitWhen(form.etb);
  const etbError =
    typed.day === '' && typed.time.trim() === ''
      ? 'Enter the ETB: its day and time (UTC).'
      : whenError('ETB', form.etb);
  if (etbError) errors.etb = etbError;
  const etd = utcFromInput(form.etd);
  const etdError = whenError('ETD', form.etd);
  if (etdError) errors.etd = etdError;
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
