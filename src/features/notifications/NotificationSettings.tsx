// The per-type notification switches of SPEC §2/§4: each saves through the worker's outbox (optimistic, reverted
// if the server refuses) and shows "Waiting to send" until the server has it. NotificationSettingsList is the part
// the notification drawer's settings mode reuses; NotificationSettings is it as a section of its own.
import { useEffect, useId, useState } from 'react';
import type { NotificationSetting } from '../../core/contract/notification.ts';
import { callWorker } from '../../worker-bridge.ts';
import { PendingMarker } from '../../ui/PendingMarker.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { toast } from '../../ui/toast-store.ts';
import { toShownError } from '../../ui/shown-error.ts';
import { useNotificationSettings } from './use-notification-settings.ts';

type YN = NotificationSetting['notUseYn'];

export function NotificationSettings() {
  const titleId = useId();
  return (
    <section className="card settings" aria-labelledby={titleId}>
      <h2 id={titleId} className="settings__title">
        Notification settings
      </h2>
      <NotificationSettingsList />
    </section>
  );
}

export function NotificationSettingsList() {
  const { settings, pending } = useNotificationSettings();
  /** What the user just chose, shown until the live query reflects it (the worker writes it within moments). */
  const [chosen, setChosen] = useState<ReadonlyMap<string, YN>>(new Map());

  // Once the stored value is what the user chose, the stored one is shown again (and a later revert with it).
  useEffect(() => {
    if (!settings) return;
    setChosen((map) => {
      const settled = [...map].filter(([notId, value]) =>
        settings.some((s) => s.notId === notId && s.notUseYn === value),
      );
      if (settled.length === 0) return map;
      const next = new Map(map);
      for (const [notId] of settled) next.delete(notId);
      return next;
    });
  }, [settings]);

  if (settings === undefined) return null;
  if (settings.length === 0) return <p className="settings__empty">No data</p>;

  const save = (setting: NotificationSetting, on: boolean) => {
    const value: YN = on ? 'Y' : 'N';
    setChosen((map) => new Map(map).set(setting.notId, value));
    callWorker((api) => api.saveSetting(setting.notId, value)).catch((err: unknown) => {
      setChosen((map) => {
        if (map.get(setting.notId) !== value) return map;
        const next = new Map(map);
        next.delete(setting.notId);
        return next;
      });
      const error = toShownError(err);
      toast.error(`"${setting.notNm}" could not be changed. ${error.detail || error.title}`);
    });
  };

  return (
    <ul className="settings__list">
      {settings.map((setting) => (
        <SettingRow
          key={setting.notId}
          setting={setting}
          on={(chosen.get(setting.notId) ?? setting.notUseYn) === 'Y'}
          pending={pending.has(setting.notId)}
          onChange={(on) => save(setting, on)}
        />
      ))}
    </ul>
  );
}

interface RowProps {
  setting: NotificationSetting;
  on: boolean;
  pending: boolean;
  onChange: (on: boolean) => void;
}

function SettingRow({ setting, on, pending, onChange }: RowProps) {
  const inputId = useId();
  const pendingId = useId();
  return (
    <li className="setting-row">
      <div className="setting-row__text">
        <label htmlFor={inputId} className="setting-row__label">
          {setting.notNm}
        </label>
        {pending && <PendingMarker id={pendingId} />}
      </div>
      <Switch
        id={inputId}
        checked={on}
        onCheckedChange={onChange}
        aria-describedby={pending ? pendingId : undefined}
      />
    </li>
  );
}
