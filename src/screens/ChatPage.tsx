// /chat/ and /chat/{vslCd}: ship-shore chat, for chat users only (product.md#chat-enablement). A vessel user's room
// is its own vessel's. The views are a chunk of their own, loaded on first use (the first page stays small). At the
// desk a shore user's rooms stay beside the open room (product.md#desk-layout); the routes are the phone's.
import { lazy, Suspense } from 'react';
import { Redirect } from 'wouter';
import { useSnapshot } from 'valtio';
import { chatState, userState } from '../state/app-state.ts';
import { UnknownCode } from '../ui/UnknownCode.tsx';
import { useDesk } from '../ui/use-desk.ts';

const ChatRoomList = lazy(() =>
  import('../features/chat/ChatViews.tsx').then((m) => ({ default: m.ChatRoomList })),
);
const ChatConversation = lazy(() =>
  import('../features/chat/ChatViews.tsx').then((m) => ({ default: m.ChatConversation })),
);

export function ChatPage({ vslCd }: { vslCd?: string }) {
  const chat = useSnapshot(chatState);
  const user = useSnapshot(userState);
  const desk = useDesk();
  if (user.vesselCode && chat.isChatUser && !vslCd)
    return <Redirect to={`/chat/${user.vesselCode}`} replace />;
  const code = vslCd ? decodeURIComponent(vslCd).toUpperCase() : null;
  // A vessel user has one room: its own vessel's.
  if (user.vesselCode && chat.isChatUser && code !== user.vesselCode)
    return <Redirect to={`/chat/${user.vesselCode}`} replace />;
  if (!chat.isChatUser)
    return (
      <section className="card" aria-labelledby="chat-title">
        <h2 id="chat-title" className="card__heading">
          Chat is not enabled
        </h2>
        <p>
          {user.vesselCode
            ? 'Chat is enabled for vessels on chat-enabled services only, and your vessel’s service is not one of them.'
            : 'You are not a member of any vessel’s chat room.'}
        </p>
      </section>
    );
  const room = code && /^[A-Z0-9]{4}$/.test(code) ? code : null;
  // Not a vessel code at all: no such room (product.md#unknown-codes).
  if (code && !room)
    return (
      <UnknownCode what="chat room" code={code} back={{ href: '/chat/', label: 'Back to chat rooms' }} />
    );
  if (desk && !user.vesselCode)
    return (
      <Suspense fallback={null}>
        <div className="chat-desk">
          <ChatRoomList current={room ?? undefined} />
          {room ? (
            // One conversation per room: its scroll and read marks are not carried to the next room chosen.
            <ChatConversation key={room} vslCd={room} />
          ) : (
            <p className="muted chat-desk__choose">Choose a room to read it here.</p>
          )}
        </div>
      </Suspense>
    );
  return <Suspense fallback={null}>{room ? <ChatConversation vslCd={room} /> : <ChatRoomList />}</Suspense>;
}
