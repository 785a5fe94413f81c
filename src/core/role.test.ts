import { describe, expect, it } from 'vitest';
import {
  bottomBarItems,
  isAgent,
  isHomePath,
  isRestricted,
  isShoreUser,
  isStaff,
  isVesselUser,
  roleGroup,
  roleHome,
  splitRoles,
  userKind,
  type RoleGroup,
  type UserKind,
} from './role.ts';

describe('role codes', () => {
  it.each<[string | null | undefined, string[], RoleGroup]>([
    ['VSL00', ['VSL00'], 'vessel'],
    ['NAV00', ['NAV00'], 'operator'],
    ['NAV01', ['NAV01'], 'operator'],
    ['AGT00', ['AGT00'], 'agent'],
    ['NAV00,NAV01', ['NAV00', 'NAV01'], 'operator'],
    ['', [], 'other'],
    [null, [], 'other'],
    [undefined, [], 'other'],
    [' VSL00 , X ', ['VSL00', 'X'], 'vessel'],
    ['X,,Y', ['X', 'Y'], 'other'],
    ['AGT00,NAV01', ['AGT00', 'NAV01'], 'operator'],
    ['AGT00,VSL00', ['AGT00', 'VSL00'], 'vessel'],
  ])('%j splits to %j and is %s', (cd, roles, group) => {
    expect(splitRoles(cd)).toEqual(roles);
    expect(roleGroup(cd)).toBe(group);
  });

  it('matches whole codes only', () => {
    expect(roleGroup('VSL001')).toBe('other');
    expect(roleGroup('vsl00')).toBe('other');
  });
});

describe('role home and bottom bar', () => {
  it.each<[RoleGroup, string, string[], string[]]>([
    ['vessel', '/voyage', ['Vessel', 'Voyage'], ['/vessel', '/voyage']],
    ['operator', '/myvessel', ['Vessel', 'My Vessel'], ['/vessel', '/myvessel']],
    ['other', '/myvessel', ['Vessel', 'My Vessel'], ['/vessel', '/myvessel']],
    ['agent', '/port/live', ['Port Live', 'Current Status'], ['/port/live', '/port/status']],
  ])('%s: home %s, items %j', (group, home, labels, paths) => {
    expect(roleHome(group)).toBe(home);
    const items = bottomBarItems(group);
    expect(items.map((i) => i.label)).toEqual(labels);
    expect(items.map((i) => i.path)).toEqual(paths);
    for (const i of items) expect(['vessel', 'calendar', 'flag', 'port', 'alarm']).toContain(i.icon);
    expect(isHomePath(group, home)).toBe(true);
    expect(isHomePath(group, `${home}/`)).toBe(true);
    expect(isHomePath(group, `${home}/ABCD`)).toBe(false);
    expect(isHomePath(group, `${home}//`)).toBe(false);
  });

  it('takes the home from the role codes end to end', () => {
    expect(roleHome(roleGroup(' VSL00 , X '))).toBe('/voyage');
    expect(roleHome(roleGroup('AGT00'))).toBe('/port/live');
    expect(roleHome(roleGroup(null))).toBe('/myvessel');
    expect(isHomePath(roleGroup('NAV01'), '/voyage')).toBe(false);
  });

  it('gives distinct icons within a bar', () => {
    for (const g of ['vessel', 'operator', 'other', 'agent'] as const) {
      const icons = bottomBarItems(g).map((i) => i.icon);
      expect(new Set(icons).size).toBe(icons.length);
    }
  });
});

describe('user types', () => {
  it.each<[string, UserKind, boolean]>([
    ['2', 'staff', true],
    ['3', 'agent', true],
    ['4', 'vessel', false],
    ['5', 'restricted', false],
    ['6', 'restricted', false],
    ['1', 'other', true],
    ['', 'other', true],
  ])('type %j is %s (shore %s)', (tp, kind, shore) => {
    expect(userKind(tp)).toBe(kind);
    expect(userKind({ usrTpCd: tp })).toBe(kind);
    expect(isVesselUser(tp)).toBe(kind === 'vessel');
    expect(isAgent(tp)).toBe(kind === 'agent');
    expect(isStaff(tp)).toBe(kind === 'staff');
    expect(isRestricted(tp)).toBe(kind === 'restricted');
    expect(isShoreUser({ usrTpCd: tp })).toBe(shore);
  });

  it('a missing user has no type', () => {
    for (const u of [null, undefined]) {
      expect(userKind(u)).toBe('other');
      expect(isVesselUser(u)).toBe(false);
      expect(isRestricted(u)).toBe(false);
    }
  });
});
