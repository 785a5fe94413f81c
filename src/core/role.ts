// Roles of product.md#who-uses-it and product.md#who-may-do-what: the role group from usrRoleCd, and the user-type rules shared by app, worker and server.

export type RoleGroup = 'vessel' | 'operator' | 'agent' | 'other';

/** usrRoleCd is a comma list: VSL00 vessel, NAV00 or NAV01 operator, AGT00 agent, else other. */
export function splitRoles(usrRoleCd: string | null | undefined): string[] {
  return (usrRoleCd ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

/** The role group of a usrRoleCd list; VSL00 wins over NAV00/NAV01, which win over AGT00. */
export function roleGroup(usrRoleCd: string | null | undefined): RoleGroup {
  const roles = splitRoles(usrRoleCd);
  if (roles.includes('VSL00')) return 'vessel';
  if (roles.includes('NAV00') || roles.includes('NAV01')) return 'operator';
  if (roles.includes('AGT00')) return 'agent';
  return 'other';
}

/**
 * User types (usrTpCd, product.md#who-uses-it): 2 staff, 3 port agent, 4 vessel user, 5 and 6 restricted to vessel search; any other
 * value counts as operator or other. The only place the codes are compared: everything else asks the predicates below
 * (lint forbids comparing usrTpCd or usr_tp_cd with a literal elsewhere).
 */
export const USER_TYPE = { staff: '2', agent: '3', vessel: '4', restricted: ['5', '6'] } as const;

export type UserKind = 'staff' | 'agent' | 'vessel' | 'restricted' | 'other';

/** A user type code, or anything carrying one (a user, a session row): null and undefined have no type. */
export type UserTypeOf = string | { readonly usrTpCd: string } | null | undefined;

const typeOf = (u: UserTypeOf): string => (typeof u === 'string' ? u : (u?.usrTpCd ?? ''));

/** The kind of user a type code stands for. */
export function userKind(u: UserTypeOf): UserKind {
  const tp = typeOf(u);
  if (tp === USER_TYPE.vessel) return 'vessel';
  if (tp === USER_TYPE.agent) return 'agent';
  if (tp === USER_TYPE.staff) return 'staff';
  if ((USER_TYPE.restricted as readonly string[]).includes(tp)) return 'restricted';
  return 'other';
}

/** Type 4: a vessel user, whose ofcId is its vessel's code; it sees only its own vessel. */
export const isVesselUser = (u: UserTypeOf): boolean => userKind(u) === 'vessel';
/** Type 3: a port agent, with a list of own ports. */
export const isAgent = (u: UserTypeOf): boolean => userKind(u) === 'agent';
/** Type 2: staff, who may join any vessel's chat room. */
export const isStaff = (u: UserTypeOf): boolean => userKind(u) === 'staff';
/** Types 5 and 6: restricted to vessel search and read-only. */
export const isRestricted = (u: UserTypeOf): boolean => userKind(u) === 'restricted';
/** A shore user: neither a vessel user nor a restricted one (agents, staff, operators and others). */
export const isShoreUser = (u: UserTypeOf): boolean => !isVesselUser(u) && !isRestricted(u);

/** The role's home page (product.md#home-of-each-role): agent /port/live, vessel /voyage, operator and other /myvessel. */
export function roleHome(group: RoleGroup): string {
  if (group === 'agent') return '/port/live';
  if (group === 'vessel') return '/voyage';
  return '/myvessel';
}

/** Whether path is the role's home page (with or without a trailing slash), where the back button is hidden. */
export function isHomePath(group: RoleGroup, path: string): boolean {
  const home = roleHome(group);
  return path === home || path === `${home}/`;
}

type BottomBarIcon = 'vessel' | 'calendar' | 'flag' | 'port' | 'alarm';
export interface BottomBarItem {
  label: string;
  path: string;
  icon: BottomBarIcon;
}

/** The role's menu items of the bottom app bar (product.md#screens-and-routes table); notification, chat and search are added by the bar. */
export function bottomBarItems(group: RoleGroup): BottomBarItem[] {
  switch (group) {
    case 'vessel':
      return [
        { label: 'Vessel', path: '/vessel', icon: 'vessel' },
        { label: 'Voyage', path: '/voyage', icon: 'calendar' },
      ];
    case 'agent':
      return [
        { label: 'Port Live', path: '/port/live', icon: 'port' },
        { label: 'Current Status', path: '/port/status', icon: 'alarm' },
      ];
    default:
      return [
        { label: 'Vessel', path: '/vessel', icon: 'vessel' },
        { label: 'My Vessel', path: '/myvessel', icon: 'flag' },
      ];
  }
}
