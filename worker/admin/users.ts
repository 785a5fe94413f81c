// User administration for administrators (architecture.md#people): the server's admin API, asked each time a screen
// asks and never kept on the device. Answers are checked against the contract; failures come back as values, because
// an error crossing to the window loses its HTTP status, which the screens need to place a message.
import type { ApiCaller } from '../../src/device/outbox/drain.ts';
import type { Check } from '../../src/device/net/http.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { RequestError, TimeoutError } from '../../src/device/net/errors.ts';
import {
  AdminUser,
  AdminUserList,
  AuditList,
  type AdminUserQuery,
  type AuditQuery,
  type NewUserBody,
  type UserChangeBody,
} from '../../src/core/contract/admin-users.ts';
import {
  ADMIN_AUDIT,
  ADMIN_USER,
  ADMIN_USER_DISABLE,
  ADMIN_USER_ENABLE,
  ADMIN_USERS,
  adminPath,
} from '../../src/core/contract/api.ts';

/** An answer, or why there is none: no link (nothing was tried), or the server's status (null: none came) and words. */
export type AdminAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; noLink: true; status: null; message: string }
  | { ok: false; noLink: false; status: number | null; message: string };

const NEEDS_LINK = 'User administration needs the link.';

const checkUser = checkSchema(AdminUser);
const checkList = checkSchema(AdminUserList);
const checkAudit = checkSchema(AuditList);

/** A query string of the parameters that are set, in a fixed order. */
function query(params: Readonly<Record<string, string | number | undefined>>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function createAdminUsers(client: ApiCaller, isOnline: () => boolean) {
  async function ask<T>(
    path: string,
    check: Check<T>,
    opts: { method?: 'GET' | 'POST' | 'PATCH'; body?: unknown } = {},
  ): Promise<AdminAnswer<T>> {
    if (!isOnline()) return { ok: false, noLink: true, status: null, message: NEEDS_LINK };
    try {
      return { ok: true, value: await client.json(path, check, opts) };
    } catch (err) {
      const status = err instanceof RequestError ? (err.status ?? null) : null;
      const message = err instanceof Error ? err.message : String(err);
      // No answer at all (the browser could not reach the server): the link is down whatever the device thinks.
      if (status === null && !(err instanceof TimeoutError))
        return { ok: false, noLink: true, status: null, message: `${NEEDS_LINK} ${message}` };
      return { ok: false, noLink: false, status, message };
    }
  }
  const userPath = (route: string, usrId: string) => adminPath(route, { usrId });

  return {
    adminUserList: (q: AdminUserQuery) =>
      ask(`${adminPath(ADMIN_USERS)}${query({ q: q.q, state: q.state, type: q.type })}`, checkList),
    adminUser: (usrId: string) => ask(userPath(ADMIN_USER, usrId), checkUser),
    adminUserAdd: (body: NewUserBody) => ask(adminPath(ADMIN_USERS), checkUser, { method: 'POST', body }),
    adminUserChange: (usrId: string, body: UserChangeBody) =>
      ask(userPath(ADMIN_USER, usrId), checkUser, { method: 'PATCH', body }),
    adminUserDisable: (usrId: string) =>
      ask(userPath(ADMIN_USER_DISABLE, usrId), checkUser, { method: 'POST', body: {} }),
    adminUserEnable: (usrId: string) =>
      ask(userPath(ADMIN_USER_ENABLE, usrId), checkUser, { method: 'POST', body: {} }),
    adminAudit: (q: AuditQuery) =>
      ask(
        `${adminPath(ADMIN_AUDIT)}${query({ usrId: q.usrId, before: q.before, limit: q.limit })}`,
        checkAudit,
      ),
  };
}
