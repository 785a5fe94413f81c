// The signed-on app's frame (product.md#shell): header, status strip, the page under pull-to-refresh, the bottom app
// bar, and the drawers. The role decides the home, the app bar's items and the back button.
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import type { LoggedUser } from '../core/contract/common.ts';
import { roleGroup, roleHome } from '../core/role.ts';
import { useAppBadge } from '../features/notifications/use-app-badge.ts';
import { useDataMeterEffects } from '../features/meter/use-data-meter-effects.ts';
import { REFRESH_PAGES_EVENT } from '../state/use-page-data.ts';
import { holdNotifications } from '../features/notifications/notification-store.ts';
import { usePushMessages } from '../features/notifications/use-push-messages.ts';
import { openDrawer } from '../state/app-state.ts';
import { toast } from '../ui/toast-store.ts';
import { toShownError } from '../ui/shown-error.ts';
import { callWorker } from '../platform/worker-bridge.ts';
import { BottomAppBar } from './BottomAppBar.tsx';
import { Header } from './Header.tsx';
import { InstallBanner } from './InstallBanner.tsx';
import { LazyDrawers } from './LazyDrawers.tsx';
import { PullToRefresh } from './PullToRefresh.tsx';
import { ShellRoutes } from './ShellRoutes.tsx';
import { StatusStrip } from './StatusStrip.tsx';
import { titleOf } from './routes.ts';

interface Props {
  /** The session's user: the role is known from the first render (the valtio state fills a moment later). */
  user: LoggedUser;
  onSignOut: () => Promise<string | undefined>;
}

/** Pull-to-refresh (product.md#screens-and-routes): a full sync of this user's data; the page's live queries show what it brings. */
async function refresh(): Promise<void> {
  window.dispatchEvent(new Event(REFRESH_PAGES_EVENT));
  try {
    await callWorker((api) => api.syncNow());
  } catch (err) {
    toast.error(`Could not refresh: ${toShownError(err).title}`);
  }
}

export function Shell({ user, onSignOut }: Props) {
  const [path, navigate] = useLocation();
  const group = roleGroup(user.usrRoleCd);
  const home = roleHome(group);
  const onMenu = useCallback(() => openDrawer('menu'), []);
  useAppBadge();
  useDataMeterEffects();
  useEffect(() => holdNotifications(), []);
  usePushMessages(navigate);

  return (
    <>
      <Header title={path === '/' ? '' : titleOf(path)} group={group} onMenu={onMenu} />
      <StatusStrip />
      <PullToRefresh onRefresh={refresh}>
        <main className="app-main app-main--shell">
          <InstallBanner />
          <ShellRoutes home={home} onSignOut={onSignOut} />
        </main>
      </PullToRefresh>
      <BottomAppBar group={group} />
      <LazyDrawers onSignOut={onSignOut} />
    </>
  );
}
