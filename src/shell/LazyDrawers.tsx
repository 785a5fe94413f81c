// The side menu, the profile, the notification and search drawers, split off the first page's JavaScript (budgets.md#current-budgets): each is loaded when it
// is first opened, and all are loaded a moment after the app is on screen, so that a tap finds them ready. Their
// code is in the `later` chunk (vite.config.ts), which the service worker precaches, so they open offline too.
//
// No React.lazy and Suspense here: React holds back what a Suspense boundary reveals for up to 300 ms after any
// fallback was shown, so a drawer tapped in the first seconds after a reload waited about 300 ms for a chunk the
// service worker gives in a few. A drawer's module is loaded by hand instead, and the drawer rendered once it is in.
import { useEffect, useReducer, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { uiState, type DrawerName } from '../state/app-state.ts';
import { toast } from '../ui/toast-store.ts';

type LazyName = Extract<DrawerName, 'menu' | 'profile' | 'notification' | 'notificationDetail' | 'search'>;

/** What the shell hands every drawer; only the menu uses it. */
export interface DrawerProps {
  onSignOut: () => Promise<string | undefined>;
}

const loaders: Record<LazyName, () => Promise<ComponentType<DrawerProps>>> = {
  menu: () => import('./SideDrawer.tsx').then((m) => m.SideDrawer),
  profile: () => import('./ProfileDrawer.tsx').then((m) => m.ProfileDrawer),
  notification: () =>
    import('../features/notifications/NotificationDrawer.tsx').then((m) => m.NotificationDrawer),
  notificationDetail: () =>
    import('../features/notifications/NotificationDetailDrawer.tsx').then((m) => m.NotificationDetailDrawer),
  search: () => import('../features/search/SearchDrawer.tsx').then((m) => m.SearchDrawer),
};
const NAMES = Object.keys(loaders) as LazyName[];

/** The drawers whose module is in, for the life of the page. */
const loaded = new Map<LazyName, ComponentType<DrawerProps>>();
const loading = new Map<LazyName, Promise<void>>();

function load(name: LazyName): Promise<void> {
  let pending = loading.get(name);
  if (!pending) {
    pending = loaders[name]().then((component) => void loaded.set(name, component));
    // A failed fetch may be tried again at the next opening.
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}

const isLazy = (name: DrawerName | null): name is LazyName => name !== null && name in loaders;

/** After the first page is on screen, long enough not to compete with its own requests. */
const WARM_AFTER_MS = 1500;

export function LazyDrawers(props: DrawerProps) {
  const ui = useSnapshot(uiState);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const wanted = ui.drawer;

  // The drawer asked for, at once if its module is not in yet.
  useEffect(() => {
    if (!isLazy(wanted) || loaded.has(wanted)) return;
    // Its code not on the device yet (no link before the service worker had it all): it closes and says so, and the
    // next tap tries again.
    load(wanted).then(rerender, () => {
      if (uiState.drawer === wanted) uiState.drawer = null;
      toast.error('This part of the app is not on this device yet. Try again when there is a link.');
    });
  }, [wanted]);

  useEffect(() => {
    const timer = setTimeout(() => {
      Promise.all(NAMES.map(load))
        .then(() => rerender())
        .catch((err: unknown) => console.warn('Loading the drawers ahead failed', err));
    }, WARM_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  // Each drawer is mounted (closed until asked for) from when its module is in.
  return (
    <>
      {NAMES.map((name) => {
        const Drawer = loaded.get(name);
        return Drawer ? <Drawer key={name} {...props} /> : null;
      })}
    </>
  );
}
