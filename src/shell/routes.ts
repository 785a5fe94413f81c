// The routes of product.md#screens-and-routes and the header title of each: one table, so the header, the drawer and the tests agree.
export interface RouteInfo {
  /** wouter pattern (a trailing slash is optional when matching). */
  pattern: string;
  title: string;
}

/** In match order: fixed paths before those with a parameter. */
const SHELL_ROUTES: readonly RouteInfo[] = [
  { pattern: '/vessel/schedule', title: 'Vessel Schedule' },
  { pattern: '/vessel', title: 'Vessel' },
  { pattern: '/vessel/:vslCd', title: 'Vessel' },
  { pattern: '/voyage', title: 'Voyage' },
  { pattern: '/voyage/:vslCd', title: 'Voyage' },
  { pattern: '/service', title: 'Service' },
  { pattern: '/service/:laneCode', title: 'Service' },
  { pattern: '/port/live', title: 'Port Live' },
  { pattern: '/port/live/:portCode', title: 'Port Live' },
  { pattern: '/port/sailings', title: 'Port to port' },
  { pattern: '/port/status', title: 'Current Status' },
  { pattern: '/port/status/:portCode', title: 'Current Status' },
  { pattern: '/myvessel', title: 'My Vessel' },
  { pattern: '/chat/', title: 'Chat Space' },
  { pattern: '/chat/:vslCd', title: 'Chat' },
  { pattern: '/help/', title: 'Glossary' },
  { pattern: '/setting/devices', title: 'My devices' },
  { pattern: '/setting', title: 'Setting' },
  { pattern: '/addressBook', title: 'Address Book' },
  { pattern: '/inform/gsi', title: 'GSI' },
  { pattern: '/inform/gvoLetter', title: 'GVO Letter' },
  { pattern: '/inform/sapphireFeedback', title: 'Sapphire Feedback' },
  { pattern: '/admin/users', title: 'Users' },
  { pattern: '/admin/users/:usrId', title: 'User' },
  { pattern: '/admin/add-user', title: 'Add user' },
  { pattern: '/admin/audit', title: 'Audit log' },
];

const toRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .replace(/\/$/, '')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z]+/g, '[^/]+')}/?$`,
    'i',
  );
const MATCHERS = SHELL_ROUTES.map((r) => ({ ...r, re: toRegExp(r.pattern) }));

/** The route a path shows, or null (the not-found view). */
export function routeOf(path: string): RouteInfo | null {
  return MATCHERS.find((m) => m.re.test(path)) ?? null;
}

/** The header's title for a path: the route's title, "Not found" for a path no route takes. */
export function titleOf(path: string): string {
  return routeOf(path)?.title ?? 'Not found';
}

/** Programs the app knows but has no page for: the World Status port monitor (the server marks it invalid). */
const KNOWN_WITHOUT_PAGE = ['/port/world-status'];

/** Whether a program's URL (from GET /common/programs) is one this app knows: the drawer lists only those. */
export function isKnownProgramUrl(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return routeOf(path) !== null || KNOWN_WITHOUT_PAGE.includes(path);
}
