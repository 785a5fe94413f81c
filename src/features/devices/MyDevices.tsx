// My devices (product.md#my-devices): where the user is signed on, asked of the server when the page opens, on
// "Check again" and when the link returns; another device is signed out after a question, this one logs out as
// usual. With no link the page says so instead of showing an old list as if it were current.
import { useCallback, useEffect, useId, useState } from 'react';
import { callWorker } from '../../platform/worker-bridge.ts';
import { formatTimeDateYear } from '../../core/format/format-date.ts';
import type { MyDevice } from '../../core/contract/my-devices.ts';
import { dialog } from '../../ui/dialog-store.ts';
import { Facts } from '../../ui/Facts.tsx';
import { updatedAgo } from '../../ui/updated-ago.ts';
import './my-devices.css';

type Read =
  | { state: 'reading' }
  | { state: 'read'; devices: MyDevice[] }
  | { state: 'failed'; noLink: boolean; message: string };

const METHOD = { password: 'with a password', oidc: 'with your organisation’s sign-on' } as const;
const PUSH = { on: 'On', off: 'Off', none: 'Not set up' } as const;

function DeviceRow({
  device,
  onSignOut,
  onLogOut,
}: {
  device: MyDevice;
  onSignOut: (d: MyDevice) => void;
  /** This device's ordinary logout. */
  onLogOut: () => Promise<string | undefined>;
}) {
  const headingId = useId();
  const seen = device.lastSeenAt ? updatedAgo(Date.parse(device.lastSeenAt), Date.now()) : 'not yet';
  return (
    <li className="my-device" aria-labelledby={headingId}>
      <h3 id={headingId} className="my-device__name">
        {device.device}
        {device.current && <span className="my-device__this"> · This device</span>}
      </h3>
      <Facts
        rows={[
          ['Signed on', `${formatTimeDateYear(device.signedOnAt)} UTC, ${METHOD[device.method]}`],
          ['Last seen', device.current ? 'now' : seen],
          ['Notifications', PUSH[device.push]],
        ]}
      />
      {device.current ? (
        <button type="button" className="button button--secondary" onClick={() => void onLogOut()}>
          Log out
        </button>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Sign out ${device.device}`}
          onClick={() => onSignOut(device)}
        >
          Sign out
        </button>
      )}
    </li>
  );
}

export function MyDevices({ onSignOut: logOut }: { onSignOut: () => Promise<string | undefined> }) {
  const titleId = useId();
  const [read, setRead] = useState<Read>({ state: 'reading' });
  const [done, setDone] = useState<string | null>(null);
  const ask = useCallback(() => {
    setRead({ state: 'reading' });
    callWorker((api) => api.myDevices()).then(
      ({ value, noLink, message }) =>
        setRead(value ? { state: 'read', devices: value.devices } : { state: 'failed', noLink, message }),
      (err: unknown) =>
        setRead({
          state: 'failed',
          noLink: false,
          message: err instanceof Error ? err.message : 'The server could not be asked.',
        }),
    );
  }, []);
  useEffect(ask, [ask]);
  // Asked again when the link returns: the page opened at sea fills in by itself.
  useEffect(() => {
    window.addEventListener('online', ask);
    return () => window.removeEventListener('online', ask);
  }, [ask]);

  const signOut = async (device: MyDevice) => {
    const sure = await dialog.confirm(
      `${device.device} is signed out at its next contact with the server, and its notifications stop. Changes ` +
        'still waiting on it are kept there, and sent when you sign on there again.',
      { title: 'Sign out this device?', okText: 'Sign out', cancelText: 'Cancel' },
    );
    if (!sure) return;
    setDone(null);
    const answer = await callWorker((api) => api.signOutDevice(device.devId)).catch((err: unknown) => ({
      value: null,
      message: err instanceof Error ? err.message : 'The server could not be asked.',
    }));
    setDone(answer.value ? `${device.device} is signed out.` : `Not signed out: ${answer.message}`);
    ask();
  };

  return (
    <section className="card my-devices" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__heading">
        My devices
      </h2>
      <p className="muted">Where you are signed on. Sign out a device you no longer use or have lost.</p>
      <div role="status" aria-live="polite" className="my-devices__status">
        {done && <p>{done}</p>}
        {read.state === 'reading' && <p>Asking the server…</p>}
        {read.state === 'failed' && (
          <p>{read.noLink ? read.message : `Could not read your devices: ${read.message}`}</p>
        )}
      </div>
      {read.state === 'read' && (
        <ul className="my-devices__list" aria-label="Devices signed on">
          {read.devices.map((d) => (
            <DeviceRow key={d.devId} device={d} onSignOut={(x) => void signOut(x)} onLogOut={logOut} />
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--secondary"
        onClick={ask}
        disabled={read.state === 'reading'}
      >
        Check again
      </button>
    </section>
  );
}
