// The master switch of the notification settings (product.md#screens-and-routes, product.md#what-happens-when): "Open Notification Popup automatically once got a
// new message." On: the browser's permission, a Web Push subscription saved for this device; off: no pushes.
import { useId, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../platform/db.ts';
import { Switch } from '../../ui/Switch.tsx';
import { toast } from '../../ui/toast-store.ts';
import { toShownError } from '../../ui/shown-error.ts';
import { turnPushOff, turnPushOn } from './push-subscription.ts';

const MASTER_LABEL = 'Open Notification Popup automatically once got a new message.';

export function usePushMaster() {
  const state = useLiveQuery(() => db.getMeta('pushSubscription'));
  const deviceId = useLiveQuery(() => db.getMeta('clientId'));
  return { on: state?.notSbscrYn === 'Y', deviceId };
}

export function PushMasterSwitch() {
  const inputId = useId();
  const { on, deviceId } = usePushMaster();
  const [busy, setBusy] = useState<boolean | null>(null);

  const change = async (want: boolean) => {
    setBusy(want);
    try {
      if (!want) {
        if (deviceId) await turnPushOff(deviceId);
        return;
      }
      if (!navigator.onLine) return void toast.error('Turning on push notifications needs a link.');
      const outcome = await turnPushOn(deviceId);
      if (outcome === 'denied')
        toast.error(
          'Notifications are not allowed for Quay. Allow them in the browser settings to turn this on.',
        );
      else if (outcome === 'unsupported') toast.error('This browser cannot receive push notifications.');
    } catch (err) {
      const shown = toShownError(err);
      toast.error(`Push notifications could not be turned on. ${shown.detail || shown.title}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="setting-row setting-row--master">
      <div className="setting-row__text">
        <label htmlFor={inputId} className="setting-row__label">
          {MASTER_LABEL}
        </label>
      </div>
      <Switch
        id={inputId}
        checked={busy ?? on}
        disabled={busy !== null}
        onCheckedChange={(want) => void change(want)}
      />
    </div>
  );
}
