// The words of the user administration screens (product.md#user-administration): user types and roles as people say
// them, which field a server message is about, and each audit entry as a sentence with what changed from what to what.
import { ROLES, USER_TYPES, type AdminUser, type AuditEntry } from '../../core/contract/admin-users.ts';
import { formatTimeDateYear } from '../../core/format/format-date.ts';

export const typeLabel = (code: string): string =>
  USER_TYPES.find((t) => t.code === code)?.label ?? `Type ${code}`;

const roleLabel = (code: string): string => ROLES.find((r) => r.code === code)?.label ?? code;

/** The fields of the user form, with the words its labels use; also the order a message is searched in. */
const FIELD_WORDS = {
  usrId: 'User ID',
  usrNm: 'Name',
  email: 'Email',
  usrTpCd: 'Type',
  roles: 'Roles',
  vslCd: 'Vessel',
  ports: 'Ports',
  ofcId: 'Office',
  password: 'Password',
} as const;
export type UserField = keyof typeof FIELD_WORDS;

/**
 * The field a server message names ("body.vslCd must …", "vslCd: no vessel ZZZZ"), or null for a message about the
 * whole request: shown beside that field, or at the top.
 */
export function fieldOfMessage(message: string): UserField | null {
  for (const field of Object.keys(FIELD_WORDS) as UserField[]) {
    if (new RegExp(`(^|[^A-Za-z])${field}([^A-Za-z]|$)`).test(message)) return field;
  }
  return null;
}

export const when = (iso: string | null): string => (iso ? `${formatTimeDateYear(iso)} UTC` : 'never');

/** A user's state in one word, as the list and the page show it. */
export const stateWord = (u: Pick<AdminUser, 'disabledAt'>): string => (u.disabledAt ? 'Disabled' : 'Active');

/** Who a user may see: its vessel, its ports, or nothing more to say. */
export function reachOf(u: Pick<AdminUser, 'vslCd' | 'ports'>): string {
  if (u.vslCd) return `Vessel ${u.vslCd}`;
  if (u.ports.length > 0) return `Ports ${u.ports.join(', ')}`;
  return '';
}

/** Actors that are not people (server/admin/audit.ts): the command line and the identity provider's claims. */
const ACTOR_WORDS: Record<string, string> = { cli: 'The admin command', 'sign-on': 'Single sign-on' };

const VERBS: [RegExp, string][] = [
  [/disabl/i, 'disabled'],
  [/enabl/i, 'enabled'],
  [/(creat|add|new)/i, 'added'],
  [/password/i, 'set the password of'],
  [/(chang|updat|set|edit)/i, 'changed'],
];

function verbOf(action: string): string {
  return VERBS.find(([re]) => re.test(action))?.[1] ?? action.replace(/[._-]+/g, ' ');
}

/** A value of the detail in words: lists joined, nothing as "none", a type code as its label. */
function valueWords(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return 'none';
  if (Array.isArray(v))
    return v.map((x) => (field === 'roles' ? roleLabel(String(x)) : String(x))).join(', ');
  if (field === 'usrTpCd') return typeLabel(String(v));
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const fieldWord = (field: string): string =>
  (FIELD_WORDS as Record<string, string>)[field] ??
  field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Secrets never show: a password changed says only that it changed. */
const SECRET = /password|hash/i;

/**
 * What an entry's detail says changed, one line a field: "Vessel: QHZN → QSUN". The detail is read as it comes:
 * `before` and `after` objects, fields of `{ from, to }` (or `[from, to]`), or plain values (what a new user got).
 */
export function changesOf(detail: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const push = (field: string, from: unknown, to: unknown, hasFrom: boolean) => {
    if (SECRET.test(field)) lines.push(`${fieldWord(field)} changed`);
    else if (hasFrom)
      lines.push(`${fieldWord(field)}: ${valueWords(field, from)} → ${valueWords(field, to)}`);
    else lines.push(`${fieldWord(field)}: ${valueWords(field, to)}`);
  };
  if (isRecord(detail.before) || isRecord(detail.after)) {
    const before = isRecord(detail.before) ? detail.before : {};
    const after = isRecord(detail.after) ? detail.after : {};
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
      // A new user's empty fields say nothing: only what it was given is listed.
      if (!(field in before) && valueWords(field, after[field]) === 'none') continue;
      // A vessel user's office is its vessel's code (product.md#who-uses-it): the vessel's line says it once.
      if (field === 'ofcId' && after.ofcId === after.vslCd) continue;
      push(field, before[field], after[field], field in before);
    }
    return lines;
  }
  for (const [field, v] of Object.entries(detail)) {
    if (isRecord(v) && ('from' in v || 'to' in v)) push(field, v.from, v.to, true);
    else if (Array.isArray(v) && v.length === 2 && field !== 'roles' && field !== 'ports')
      push(field, v[0], v[1], true);
    else if (valueWords(field, v) !== 'none') push(field, undefined, v, false);
  }
  return lines;
}

/** "Kenji Watanabe disabled j.smith": the actor by name where known, the user by id. */
export function auditSentence(entry: AuditEntry, nameOf: (usrId: string) => string | undefined): string {
  const who = ACTOR_WORDS[entry.actor] ?? nameOf(entry.actor) ?? entry.actor;
  const whom = entry.usrId ?? 'a user';
  return `${who} ${verbOf(entry.action)} ${whom}`;
}
