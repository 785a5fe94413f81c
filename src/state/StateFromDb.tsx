// Fills the valtio user and chat state (product.md#what-the-app-holds) from what the worker stored in IndexedDB: the user, an agent's
// ports (the first is the default port), a vessel user's vessel, lane and port, and the badge call counter. Live
// queries re-run when the worker writes, so the state is right offline and after every sync.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { isChatLane } from '../core/chat-lanes.ts';
import type { LoggedUser } from '../core/contract/common.ts';
import { isVesselUser } from '../core/role.ts';
import { CHAT_LANES } from '../platform/config.ts';
import { db } from '../platform/db.ts';
import { ownPortOf } from '../core/current-call.ts';
import type { CascadeResponse, VesselCurrent } from '../core/contract/vessel.ts';
import { chatState, userState } from './app-state.ts';

interface Props {
  user: LoggedUser;
}

export function StateFromDb({ user }: Props) {
  const stored = useLiveQuery(() => db.getMeta('user'));
  const ownVessel = useLiveQuery(() => db.getMeta('ownVessel'));
  const myPorts = useLiveQuery(() => db.myPorts.orderBy('sortNo').toArray());
  const badge = useLiveQuery(() => db.badge.get('notification'));
  const chatRooms = useLiveQuery(() => db.chatRooms.orderBy('order').toArray());
  const pulled = useLiveQuery(async () => (await db.getMeta('pullState')) !== undefined);
  // A vessel user's port, from its vessel's current info and its voyage as the device keeps them.
  const ownVslCd = isVesselUser(user) ? user.ofcId : '';
  const ownPort = useLiveQuery(
    async () =>
      ownVslCd
        ? ownPortOf(
            (await db.pageData.get(`vessel:${ownVslCd}`)) as
              { data: VesselCurrent; syncedAt: number } | undefined,
            (await db.pageData.get(`cascade:${ownVslCd}`)) as
              { data: CascadeResponse; syncedAt: number } | undefined,
          )
        : null,
    [ownVslCd],
  );

  // The session's user first; the stored copy once a sync changed it (same person: a new sign-on reloads).
  const current = stored?.usrId === user.usrId ? stored : user;
  useEffect(() => {
    userState.user = current;
    userState.loading = false;
    userState.error = null;
    const vessel = isVesselUser(current) ? current.ofcId || null : null;
    // The vessel changed hands (product.md#a-vessel-changes-hands): the current vessel and lane were the old one's.
    if (userState.vesselCode && vessel !== userState.vesselCode) {
      userState.currVslCd = vessel;
      userState.currSlanCd = null;
    }
    userState.vesselCode = vessel;
    if (vessel && !userState.currVslCd) userState.currVslCd = vessel;
  }, [current]);

  useEffect(() => {
    // None on the device (the sync dropped the old vessel's): the old one is not shown meanwhile.
    if (ownVessel === undefined) {
      if (userState.ownVessel && userState.ownVessel.vslCd !== userState.vesselCode)
        userState.ownVessel = null;
      return;
    }
    const own = ownVessel && ownVessel.vslCd === userState.vesselCode ? ownVessel : null;
    userState.ownVessel = own;
    if (own && !userState.currSlanCd) userState.currSlanCd = own.vslSlanCd || own.laneCd;
  }, [ownVessel, current]);

  useEffect(() => {
    if (!myPorts) return;
    userState.myPorts = myPorts;
    userState.myPortCodes = myPorts.map((p) => p.portCd);
    const first = myPorts[0]?.portCd ?? null;
    if (!userState.portCode || !userState.myPortCodes.includes(userState.portCode))
      userState.portCode = first;
    if (first && !userState.currPortCd) userState.currPortCd = first;
  }, [myPorts]);

  useEffect(() => {
    if (ownPort !== undefined) userState.ownPortCd = ownPort;
  }, [ownPort]);

  useEffect(() => {
    if (badge) userState.currBadgeCall = badge.currBadgeCall;
  }, [badge]);

  // product.md#chat-enablement: a vessel user chats only when its lane is in the configured list. Shore users chat
  // in the rooms they belong to; until the chat rooms are on this device they have no chat item. The unread count:
  // a vessel user's from the first room of the list (its own), everyone else's the sum over their rooms.
  useEffect(() => {
    const rooms = chatRooms ?? [];
    chatState.subscribedChatList = rooms.map((r) => r.roomId);
    if (isVesselUser(current)) {
      const lane = ownVessel?.vslSlanCd || ownVessel?.laneCd || null;
      chatState.isChatUser = lane !== null && isChatLane(CHAT_LANES, lane);
      chatState.chatVslListString = current.ofcId;
      chatState.unreadChatCount = chatState.isChatUser ? (rooms[0]?.unreadCount ?? 0) : 0;
    } else {
      chatState.isChatUser = rooms.length > 0;
      chatState.chatVslListString = rooms.map((r) => r.vslCd).join(',');
      chatState.unreadChatCount = rooms.reduce((sum, r) => sum + r.unreadCount, 0);
    }
    // A shore user's empty room list means "none" only once a pull has landed: right after a first sign-on the
    // table is empty because nothing came yet, and a Chat Space item arriving with the rooms moved Notification from
    // under a finger already on its way to it.
    chatState.chatKnown =
      chatRooms !== undefined &&
      (isVesselUser(current) ? ownVessel !== undefined : rooms.length > 0 || pulled === true);
  }, [current, ownVessel, chatRooms, pulled]);

  return null;
}
