// The notification drawer of SPEC §2 (76% height): the list of the user's notifications from IndexedDB (opens
// at once, offline too), or the per-type settings; an icon in its header toggles the mode (SPEC §4 Drawer mode).
import { useSnapshot } from 'valtio';
import { closeDrawer, commonState, uiState } from '../../state/app-state.ts';
import { Drawer } from '../../ui/Drawer.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { NotificationList } from './NotificationList.tsx';
import { NotificationSettingsList } from './NotificationSettings.tsx';

export function NotificationDrawer() {
  const ui = useSnapshot(uiState);
  const common = useSnapshot(commonState);
  const settings = common.isNotiSet;
  return (
    <Drawer
      open={ui.drawer === 'notification'}
      onClose={() => {
        commonState.isNotiSet = false;
        closeDrawer('notification');
      }}
      title={settings ? 'Notification Setting' : 'Notification'}
      heightPct={76}
      headerEnd={
        <button
          type="button"
          className="drawer__icon-button"
          aria-label={settings ? 'Show notifications' : 'Notification settings'}
          onClick={() => {
            commonState.isNotiSet = !settings;
          }}
        >
          <Icon name={settings ? 'bell' : 'bell-settings'} />
        </button>
      }
    >
      {settings ? (
        <section className="settings" aria-label="Notification settings">
          <NotificationSettingsList />
        </section>
      ) : (
        <NotificationList />
      )}
    </Drawer>
  );
}
