// The bottom app bar of product.md#bottom-app-bar: the role's items (links), NOTIFICATION with the unread badge (capped at 99+),
// CHAT SPACE for chat users (a vessel user goes to its own room) with its unread badge, and SEARCH. A navigation
// landmark whose items are named by their visible labels. The badge reads IndexedDB, so it is right offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { bottomBarItems, type RoleGroup } from '../core/role.ts';
import { db } from '../platform/db.ts';
import { chatState, openDrawer, uiState, userState } from '../state/app-state.ts';
import { Icon } from '../ui/Icon.tsx';
import { badgeText } from './badge-text.ts';

/** Drawn over the icon; screen readers get the count as the item's description, so its name stays its label. */
function Badge({ count }: { count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className="app-bar__badge" aria-hidden="true">
      {text}
    </span>
  );
}

const unreadText = (count: number, what: string) =>
  count > 0 ? `${badgeText(count)} unread ${what}` : undefined;

const isActive = (path: string, item: string) => path === item || path.startsWith(`${item}/`);

export function BottomAppBar({ group }: { group: RoleGroup }) {
  const [path] = useLocation();
  const user = useSnapshot(userState);
  const chat = useSnapshot(chatState);
  const ui = useSnapshot(uiState);
  const unread = useLiveQuery(async () => (await db.badge.get('notification'))?.notCnt ?? 0) ?? 0;
  const chatPath = user.vesselCode ? `/chat/${user.vesselCode}` : '/chat/';

  return (
    <nav className="app-bar" aria-label="App bar">
      {/* Drawn once the device has said whether the user chats: a Chat Space item arriving a moment later moved
          every other item (a layout shift on every opening). */}
      <ul className="app-bar__list" hidden={!chat.chatKnown}>
        {bottomBarItems(group).map((item) => (
          <li key={item.path}>
            <Link
              href={item.path}
              className="app-bar__item"
              aria-current={isActive(path, item.path) ? 'page' : undefined}
            >
              <Icon name={item.icon} />
              <span className="app-bar__label">{item.label}</span>
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="app-bar__item"
            aria-haspopup="dialog"
            aria-expanded={ui.drawer === 'notification'}
            aria-description={unreadText(unread, 'notifications')}
            onClick={() => {
              // Read by the e2e test and the bench: from this click to the list on screen.
              performance.mark('quay:notification-open');
              openDrawer('notification');
            }}
          >
            <span className="app-bar__icon">
              <Icon name="bell" />
              <Badge count={unread} />
            </span>
            <span className="app-bar__label">Notification</span>
          </button>
        </li>
        {chat.isChatUser && (
          <li>
            <Link
              href={chatPath}
              className="app-bar__item"
              aria-current={isActive(path, '/chat') ? 'page' : undefined}
              aria-description={unreadText(chat.unreadChatCount, 'chat messages')}
            >
              <span className="app-bar__icon">
                <Icon name="chat" />
                <Badge count={chat.unreadChatCount} />
              </span>
              <span className="app-bar__label">Chat Space</span>
            </Link>
          </li>
        )}
        <li>
          <button
            type="button"
            className="app-bar__item"
            aria-haspopup="dialog"
            aria-expanded={ui.drawer === 'search'}
            onClick={() => openDrawer('search')}
          >
            <Icon name="search" />
            <span className="app-bar__label">Search</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
