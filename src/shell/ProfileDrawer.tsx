// "User Device Information" (product.md#side-menu side drawer): this device's id (the one its push subscription and queued
// changes carry) and the browser's agent string, for support calls from a ship, and the way to My devices.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { db } from '../platform/db.ts';
import { closeDrawer, openDrawer, uiState } from '../state/app-state.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { Icon } from '../ui/Icon.tsx';

export function ProfileDrawer() {
  const ui = useSnapshot(uiState);
  const open = ui.drawer === 'profile';
  const deviceId = useLiveQuery(() => db.getMeta('clientId'));
  return (
    <Drawer
      open={open}
      onClose={() => closeDrawer('profile')}
      title="User Device Information"
      heightPct={90}
      headerStart={
        <button
          type="button"
          className="drawer__icon-button"
          aria-label="Back to menu"
          onClick={() => openDrawer('menu')}
        >
          <Icon name="back" />
        </button>
      }
    >
      <dl className="facts device-info">
        <div>
          <dt>Device ID</dt>
          <dd>{deviceId ?? '-'}</dd>
        </div>
        <div>
          <dt>Agent Info</dt>
          <dd>{navigator.userAgent}</dd>
        </div>
      </dl>
      {/* Where else this user is signed on (product.md#my-devices). */}
      <Link
        href="/setting/devices"
        className="button button--secondary"
        onClick={() => closeDrawer('profile')}
      >
        My devices
      </Link>
    </Drawer>
  );
}
