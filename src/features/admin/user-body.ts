// What the user form sends (product.md#user-administration): the roles that come with a type added by the form as the
// server adds them, a vessel only for a vessel user and ports only for an agent, and for a change only what changed.
import type { AdminUser, NewUserBody, UserChangeBody } from '../../core/contract/admin-users.ts';
import { isAgent, isVesselUser } from '../../core/role.ts';

/** Roles that come with a user type (server/admin/users.ts adds and removes them): not the administrator's to pick. */
export const TYPE_ROLES = { vessel: 'VSL00', agent: 'AGT00' } as const;

/** What the form holds: as typed, before the type has had its say. */
export interface UserValues {
  usrId: string;
  usrNm: string;
  email: string;
  usrTpCd: string;
  roles: string[];
  vslCd: string | null;
  ports: string[];
  password: string;
}

export const emptyUser: UserValues = {
  usrId: '',
  usrNm: '',
  email: '',
  usrTpCd: '2',
  roles: [],
  vslCd: null,
  ports: [],
  password: '',
};

export const valuesOf = (u: AdminUser): UserValues => ({
  usrId: u.usrId,
  usrNm: u.usrNm,
  email: u.email,
  usrTpCd: u.usrTpCd,
  roles: [...u.roles],
  vslCd: u.vslCd,
  ports: [...u.ports],
  password: '',
});

/** The shape the values stand for once the type has had its say. */
function shapeOf(v: UserValues) {
  const vessel = isVesselUser(v.usrTpCd);
  const agent = isAgent(v.usrTpCd);
  const picked = v.roles.filter((r) => r !== TYPE_ROLES.vessel && r !== TYPE_ROLES.agent);
  return {
    usrNm: v.usrNm.trim(),
    usrTpCd: v.usrTpCd,
    roles: [...(vessel ? [TYPE_ROLES.vessel] : []), ...(agent ? [TYPE_ROLES.agent] : []), ...picked],
    vslCd: vessel ? v.vslCd : null,
    ports: agent ? [...v.ports] : [],
    email: v.email.trim(),
  };
}

export function newUserBody(v: UserValues): NewUserBody {
  const s = shapeOf(v);
  // The server checks the type and roles against the contract: the form offers only those it lists.
  return { usrId: v.usrId.trim(), ...s, ...(v.password ? { password: v.password } : {}) } as NewUserBody;
}

const same = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',')
    : a === b;

/** Only the fields that differ from the user as it was read; a password only when one was typed. */
export function changeBody(before: UserValues, v: UserValues): UserChangeBody {
  const was = shapeOf(before);
  const now = shapeOf(v);
  const body: Record<string, unknown> = {};
  for (const k of Object.keys(now) as (keyof typeof now)[]) if (!same(was[k], now[k])) body[k] = now[k];
  if (v.password) body.password = v.password;
  return body as UserChangeBody;
}
