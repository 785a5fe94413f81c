// Roles of product.md §1 and §6: the role group from usrRoleCd, and the user-type rules shared by app, worker and server.

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

/** User types (usrTpCd): 3 port agent, 4 vessel user, 5 and 6 restricted to vessel search. */
export const isVesselUserType = (usrTpCd: string): boolean => usrTpCd === '4';
export const isAgentType = (usrTpCd: string): boolean => usrTpCd === '3';
export const isRestrictedType = (usrTpCd: string): boolean => usrTpCd === '5' || usrTpCd === '6';

/** Alias of splitRoles under the name product.md §3 gives the split list. */
export const usrRoleCdArray = splitRoles;

/** The role's home page (product.md §2): agent /port/live, vessel /voyage, operator and other /myvessel. */
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

export type BottomBarIcon = 'vessel' | 'calendar' | 'flag' | 'port' | 'alarm';
export interface BottomBarItem {
  label: string;
  path: string;
  icon: BottomBarIcon;
}

/** The role's menu items of the bottom app bar (product.md §2 table); notification, chat and search are added by the bar. */
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
