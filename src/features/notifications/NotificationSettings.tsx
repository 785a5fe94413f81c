// The per-type notification switches of product.md#screens-and-routes, product.md#what-happens-when: each saves through the worker's outbox (optimistic, reverted
// if the server refuses) and shows "Waiting to send" until the server has it: the notification drawer's settings mode.
import { useEffect, useId, useState } from 'react';
import type { NotificationSetting } from '../../core/contract/notification.ts';
import { PendingMarker } from '../../ui/PendingMarker.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { toast } from '../../ui/toast-store.ts';
import { toShownError } from '../../ui/shown-error.ts';
import { openChoices, opCounterOf, type Choice } from './setting-choices.ts';
import { useNotificationSettings } from './use-notification-settings.ts';
import { runOp } from '../sync/use-op.ts';
import { useSnapshot } from 'valtio';
import { userState } from '../../state/app-state.ts';
import { settingsShown } from './alert-rule-text.ts';

type YN = NotificationSetting['notUseYn'];

export function NotificationSettingsList() {
  const user = useSnapshot(userState).user;
  const snapshot = useNotificationSettings();
  /** What the user just chose, shown over the stored settings until that change is over (setting-choices.ts). */
  const [chosen, setChosen] = useState<ReadonlyMap<string, Choice>>(new Map());

  useEffect(() => {
    if (snapshot) setChosen((map) => openChoices(map, snapshot));
  }, [snapshot]);

  if (snapshot === undefined) return null;
  const { pending } = snapshot;
  const settings = settingsShown(snapshot.settings, user);
  if (settings.length === 0) return <p className="settings__empty">No data</p>;

  const save = (setting: NotificationSetting, on: boolean) => {
    const value: YN = on ? 'Y' : 'N';
    const still = (map: ReadonlyMap<string, Choice>) => map.get(setting.notId)?.value === value;
    setChosen((map) => new Map(map).set(setting.notId, { value, committedAt: null }));
    runOp('setting', setting.notId, value).then(
      ({ opId }) =>
        setChosen((map) => {
          const committedAt = opCounterOf(opId);
          if (!still(map) || committedAt === null) return map;
          return new Map(map).set(setting.notId, { value, committedAt });
        }),
      (err: unknown) => {
        setChosen((map) => {
          if (!still(map)) return map;
          const next = new Map(map);
          next.delete(setting.notId);
          return next;
        });
        const error = toShownError(err);
        toast.error(`"${setting.notNm}" could not be changed. ${error.detail || error.title}`);
      },
    );
  };

  return (
    <ul className="settings__list">
      {settings.map((setting) => (
        <SettingRow
          key={setting.notId}
          setting={setting}
          on={(chosen.get(setting.notId)?.value ?? setting.notUseYn) === 'Y'}
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
