// Roles of SPEC §1 and §6: the role group from usrRoleCd, and the user-type rules shared by app, worker and server.

export type RoleGroup = 'vessel' | 'operator' | 'agent' | 'other';

/** usrRoleCd is a comma list: VSL00 vessel, NAV00 or NAV01 operator, AGT00 agent, else other. */
export function splitRoles(usrRoleCd: string | null | undefined): string[] {
  return (usrRoleCd ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

export function roleGroup(usrRoleCd: string | null | undefined): RoleGroup {
  const roles = splitRoles(usrRoleCd);
  if (roles.includes('VSL00')) return 'vessel';
  if (roles.includes('NAV00') || roles.includes('NAV01')) return 'operator';
  if (roles.includes('AGT00')) return 'agent';
  return 'other';
}

/** User types (usrTpCd): 3 port agent, 4 vessel user, 5 and 6 restricted to vessel search. */
export const isVesselUserType = (usrTpCd: string): boolean => usrTpCd === '4';
export const isAgentType = (usrTpCd: string): boolean => usrTpCd === '3';
export const isRestrictedType = (usrTpCd: string): boolean => usrTpCd === '5' || usrTpCd === '6';
