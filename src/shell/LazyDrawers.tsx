// The notification and search drawers, split off the first page's JavaScript (DESIGN.md §9): each is mounted when it
// is first opened, and all are fetched a moment after the app is on screen, so that a tap finds them ready. The
// service worker precaches their chunks, so they open offline too.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { uiState, type DrawerName } from '../state/app-state.ts';

const loaders = {
  notification: () => import('../features/notifications/NotificationDrawer.tsx'),
  notificationDetail: () => import('../features/notifications/NotificationDetailDrawer.tsx'),
  search: () => import('../features/search/SearchDrawer.tsx'),
};

const NotificationDrawer = lazy(() =>
  loaders.notification().then((m) => ({ default: m.NotificationDrawer })),
);
const NotificationDetailDrawer = lazy(() =>
  loaders.notificationDetail().then((m) => ({ default: m.NotificationDetailDrawer })),
);
const SearchDrawer = lazy(() => loaders.search().then((m) => ({ default: m.SearchDrawer })));

/** After the first page is on screen, long enough not to compete with its own requests. */
const WARM_AFTER_MS = 1500;

export function LazyDrawers() {
  const ui = useSnapshot(uiState);
  const [warm, setWarm] = useState(false);
  const [used] = useState(() => new Set<DrawerName>());
  if (ui.drawer) used.add(ui.drawer);

  useEffect(() => {
    const timer = setTimeout(() => {
      Promise.all(Object.values(loaders).map((load) => load()))
        .then(() => setWarm(true))
        .catch((err: unknown) => console.warn('Loading the drawers ahead failed', err));
    }, WARM_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  const show = (name: DrawerName) => warm || used.has(name);
  // A boundary each: one drawer still loading must not hide (and so close) another that is open.
  return (
    <>
      <Suspense fallback={null}>{show('notification') && <NotificationDrawer />}</Suspense>
      <Suspense fallback={null}>{show('notificationDetail') && <NotificationDetailDrawer />}</Suspense>
      <Suspense fallback={null}>{show('search') && <SearchDrawer />}</Suspense>
    </>
  );
}
