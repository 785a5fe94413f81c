// The notification drawer of product.md#notification-drawer (76% height): the list of the user's notifications from IndexedDB (opens
// at once, offline too), or the settings: the push master switch and one switch per type. An icon in its header
// toggles the mode (product.md#drawer-mode); leaving the settings without the browser's permission turns push off.
// At the desk it is a wide dialog with the list and the selected item side by side (product.md#desk-layout).
import { useSnapshot } from 'valtio';
import { closeDrawer, commonState, uiState } from '../../state/app-state.ts';
import { Drawer } from '../../ui/Drawer.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { NotificationList } from './NotificationList.tsx';
import { NotificationSettingsList } from './NotificationSettings.tsx';
import { AlertRules } from './AlertRules.tsx';
import { PushMasterSwitch, usePushMaster } from './PushMasterSwitch.tsx';
import { settleOnLeave } from './push-subscription.ts';

export function NotificationDrawer() {
  const ui = useSnapshot(uiState);
  const common = useSnapshot(commonState);
  const settings = common.isNotiSet;
  const master = usePushMaster();

  const leaveSettings = () => {
    if (!settings) return;
    settleOnLeave(master.deviceId, master.on).catch((err: unknown) =>
      console.warn('Turning push off on leaving the settings failed', err),
    );
  };

  return (
    <Drawer
      open={ui.drawer === 'notification'}
      onClose={() => {
        leaveSettings();
        commonState.isNotiSet = false;
        closeDrawer('notification');
      }}
      title={settings ? 'Notification Setting' : 'Notification'}
      heightPct={76}
      className="drawer--split"
      headerEnd={
        <button
          type="button"
          className="drawer__icon-button"
          aria-label={settings ? 'Show notifications' : 'Notification settings'}
          onClick={() => {
            leaveSettings();
            commonState.isNotiSet = !settings;
          }}
        >
          <Icon name={settings ? 'bell' : 'bell-settings'} />
        </button>
      }
    >
      {settings ? (
        <section className="settings" aria-label="Notification settings">
          <PushMasterSwitch />
          <NotificationSettingsList />
          <AlertRules />
        </section>
      ) : (
        <NotificationList />
      )}
    </Drawer>
  );
}
