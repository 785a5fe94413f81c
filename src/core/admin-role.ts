// The administrator's role (architecture.md#people): shared by the server's checks and the app's admin screens. A
// module of its own, apart from role.ts, so that only the screens that ask carry it, never the first page.
import { splitRoles } from './role.ts';

/**
 * The administrator's role code (architecture.md#people): a user whose usrRoleCd lists it administers users (list,
 * add, change, disable, the audit log), whatever its type. Not a role group: an administrator keeps its own home.
 */
export const ADMIN_ROLE = 'ADM00';

/** Whether a user (or a usrRoleCd list) administers users. */
export function isAdmin(u: { readonly usrRoleCd: string } | string | null | undefined): boolean {
  const roles = typeof u === 'string' ? u : u?.usrRoleCd;
  return splitRoles(roles).includes(ADMIN_ROLE);
}
