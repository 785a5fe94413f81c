// The UI state of product.md#what-the-app-holds (user, chat and common state) and the shell's drawers, held in valtio proxies. Filled
// from IndexedDB by StateFromDb and by the session hook; views read snapshots and never fetch (architecture.md#how-data-moves).
import { proxy } from 'valtio';
import type { LoggedUser } from '../core/contract/common.ts';
import type { VesselCurrent } from '../core/contract/vessel.ts';
import type { MyPortRow } from '../device/db.ts';
import type { ShownError } from '../ui/shown-error.ts';

export interface UserState {
  user: LoggedUser | null;
  /** The user's own vessel code: a vessel user's office id (product.md#who-uses-it). */
  vesselCode: string | null;
  /** A vessel user's own vessel as last synced (current info and slane code, product.md#what-happens-when). */
  ownVessel: VesselCurrent | null;
  /** An agent's own ports, in its order (product.md#agent). */
  myPorts: MyPortRow[];
  myPortCodes: string[];
  /** The agent's default port: the first own port, until the user picks another. */
  portCode: string | null;
  /** A vessel user's port: the one its vessel is at or heading to, from what the device keeps (ownPortOf). */
  ownPortCd: string | null;
  loading: boolean;
  /** A user-load error (product.md#page-load): the fallback page shows it; `errorResponse` keeps what the server said. */
  error: ShownError | null;
  errorResponse: { name: string; message: string } | null;
  /** The vessel, lane and port the user last opened: the drawer's links append them (product.md#screens-and-routes). */
  currVslCd: string | null;
  currSlanCd: string | null;
  currPortCd: string | null;
  /** Incremented when an item is opened or a push is displayed (product.md#what-happens-when); the badge is read again. */
  currBadgeCall: number;
}

/** Nobody signed on: what a new page starts with, and what a sign-out leaves. */
const NO_USER = {
  user: null,
  vesselCode: null,
  ownVessel: null,
  myPorts: [],
  myPortCodes: [],
  portCode: null,
  ownPortCd: null,
  currVslCd: null,
  currSlanCd: null,
  currPortCd: null,
} satisfies Partial<UserState>;

export const userState = proxy<UserState>({
  ...NO_USER,
  myPorts: [],
  myPortCodes: [],
  loading: true,
  error: null,
  errorResponse: null,
  currBadgeCall: 0,
});

export interface ChatState {
  /** The device has answered whether this user chats (until then the app bar waits, so no item moves). */
  chatKnown: boolean;
  isChatUser: boolean;
  unreadChatCount: number;
  chatVslListString: string;
  subscribedChatList: string[];
  chatSubscribed: boolean;
}

export const chatState = proxy<ChatState>({
  chatKnown: false,
  isChatUser: false,
  unreadChatCount: 0,
  chatVslListString: '',
  subscribedChatList: [],
  chatSubscribed: false,
});

/** isNotiSet: the notification drawer is in settings mode (product.md#what-the-app-holds common state, product.md#drawer-mode). */
export const commonState = proxy({ isNotiSet: false });

export type DrawerName = 'menu' | 'profile' | 'notification' | 'notificationDetail' | 'search';

export const uiState = proxy<{ drawer: DrawerName | null; detailNotSeq: number | null }>({
  drawer: null,
  detailNotSeq: null,
});

/** The notification detail drawer of product.md#screens-and-routes, for a push click. */
export function openNotificationDetail(notSeq: number): void {
  uiState.detailNotSeq = notSeq;
  uiState.drawer = 'notificationDetail';
}

export function openDrawer(name: DrawerName): void {
  uiState.drawer = name;
}

export function closeDrawer(name?: DrawerName): void {
  if (name === undefined || uiState.drawer === name) uiState.drawer = null;
}

/** A page says what it shows, so that the drawer's vessel, service and port links can append it. */
export function setCurrentCodes(codes: { vslCd?: string; laneCd?: string; portCd?: string }): void {
  if (codes.vslCd) userState.currVslCd = codes.vslCd;
  if (codes.laneCd) userState.currSlanCd = codes.laneCd;
  if (codes.portCd) {
    userState.currPortCd = codes.portCd;
    // An agent moving to one of its own ports makes it the port the Port Live and Current Status tabs open.
    if (userState.myPortCodes.includes(codes.portCd)) userState.portCode = codes.portCd;
  }
}
