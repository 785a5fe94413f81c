// The side drawer menu of product.md#side-menu (90% height): the user's name and id, a profile button that opens the device
// information, the server's programs filtered to those the app knows (invalid ones shown but disabled), with the
// vessel, service and port links carrying the user's current code, the data meter and Data saver, and logout.
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import type { Program } from '../core/contract/common.ts';
import { db } from '../platform/db.ts';
import {
  chatState,
  closeDrawer,
  openDrawer,
  uiState,
  userState,
  type UserState,
} from '../state/app-state.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { DataMeterPanel } from '../features/meter/DataMeterPanel.tsx';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { programHref } from './program-href.ts';
import { isKnownProgramUrl } from './routes.ts';
import { isAdmin } from '../core/admin-role.ts';

interface Props {
  onSignOut: () => Promise<string | undefined>;
}

const ICONS = new Set<string>([
  'vessel',
  'calendar',
  'flag',
  'service',
  'port',
  'alarm',
  'chat',
  'settings',
  'email',
  'download',
  'message',
  'send-message',
  'dashboard-map-morning',
]);
const isChatUrl = (url: string) => /^\/chat(\/|$)/.test(url);
const iconOf = (p: Program): IconName => (ICONS.has(p.menuIcon) ? (p.menuIcon as IconName) : 'message');

export function SideDrawer({ onSignOut }: Props) {
  const ui = useSnapshot(uiState);
  const snap = useSnapshot(userState);
  const programs = useLiveQuery(() => db.programs.toArray());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const user = snap.user;
  const chat = useSnapshot(chatState);
  // Chat Space is for chat users only (product.md#who-may-do-what), like the app bar's item.
  const known = (programs ?? []).filter(
    (p) => isKnownProgramUrl(p.menuUrl || p.pgmUrl) && (chat.isChatUser || !isChatUrl(p.menuUrl || p.pgmUrl)),
  );

  // The question (what waits, no link) and the sign-out are the session's (features/session/log-out.ts).
  const logout = async () => {
    setBusy(true);
    setError(null);
    const failure = await onSignOut();
    setError(failure ?? null);
    setBusy(false);
  };

  return (
    <Drawer open={ui.drawer === 'menu'} onClose={() => closeDrawer('menu')} title="Menu" heightPct={90}>
      <div className="side-menu">
        <div className="side-menu__user">
          <button
            type="button"
            className="icon-button icon-button--light"
            aria-label="User Device Information"
            onClick={() => openDrawer('profile')}
          >
            <Icon name="user" />
          </button>
          <div className="side-menu__who">
            <p className="side-menu__name">{user?.usrNm}</p>
            <p className="side-menu__id">{user?.usrId}</p>
          </div>
        </div>
        <nav aria-label="Programs">
          <ul className="side-menu__list">
            {known.map((p) => (
              <li key={p.pgmNo}>
                {p.valid ? (
                  <Link
                    href={programHref(p.menuUrl || p.pgmUrl, snap as UserState)}
                    className="side-menu__item"
                    onClick={() => closeDrawer('menu')}
                  >
                    <Icon name={iconOf(p)} />
                    <span>{p.pgmNm}</span>
                  </Link>
                ) : (
                  <a className="side-menu__item side-menu__item--disabled" aria-disabled="true" role="link">
                    <Icon name={iconOf(p)} />
                    <span>{p.pgmNm}</span>
                    <span className="side-menu__note">Not available</span>
                  </a>
                )}
              </li>
            ))}
            {isAdmin(user) && (
              <>
                {/* User administration is the app's own too, for administrators alone (product.md#user-administration). */}
                <li>
                  <Link href="/admin/users" className="side-menu__item" onClick={() => closeDrawer('menu')}>
                    <Icon name="user" />
                    <span>Users</span>
                  </Link>
                </li>
                <li>
                  <Link href="/admin/audit" className="side-menu__item" onClick={() => closeDrawer('menu')}>
                    <Icon name="message" />
                    <span>Audit log</span>
                  </Link>
                </li>
              </>
            )}
            <li>
              {/* The glossary is the app's own page, not a program of the user's menu (product.md#the-words-quay-uses). */}
              <Link href="/help/" className="side-menu__item" onClick={() => closeDrawer('menu')}>
                <Icon name="message" />
                <span>What the words mean</span>
              </Link>
            </li>
          </ul>
        </nav>
        <DataMeterPanel />
        {error && (
          <p className="inline-error" role="alert">
            Could not log out. {error}
          </p>
        )}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void logout()}
          disabled={busy}
        >
          {busy ? 'Logging out…' : 'Logout'}
        </button>
      </div>
    </Drawer>
  );
}
