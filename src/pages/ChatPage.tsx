// /chat/ and /chat/{vslCd}: ship-shore chat, for chat users only (SPEC §4 Chat enablement). A vessel user's room
// is its own vessel's.
import { Redirect } from 'wouter';
import { useSnapshot } from 'valtio';
import { chatState, userState } from '../state/app-state.ts';

export function ChatPage({ vslCd }: { vslCd?: string }) {
  const chat = useSnapshot(chatState);
  const user = useSnapshot(userState);
  if (user.vesselCode && chat.isChatUser && !vslCd)
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
  return (
    <section className="card" aria-labelledby="chat-title">
      <h2 id="chat-title" className="card__heading">
        {vslCd ? `Chat with ${decodeURIComponent(vslCd)}` : 'Chat rooms'}
      </h2>
      <p className="muted">Messages of this room are not on this device yet.</p>
    </section>
  );
}
