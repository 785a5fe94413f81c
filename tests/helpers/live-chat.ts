// The worker's live connection with chat as its one part, as worker/index.ts puts them together, for tests of the
// device's side of chat and hints: one object with the connection's controls and chat's calls.
import { createChatLive, type ChatLiveDeps } from '../../worker/chat/live.ts';
import { createLiveConnection, type LiveConnectionDeps } from '../../worker/live/connection.ts';

export function liveChat(deps: LiveConnectionDeps & Omit<ChatLiveDeps, 'live'>) {
  const live = createLiveConnection(deps);
  const chat = createChatLive({ ...deps, live });
  const stopChat = chat.stop;
  return Object.assign(chat, {
    start: () => live.start(),
    stop: () => {
      stopChat();
      live.stop();
    },
    status: () => live.status(),
    setOnline: (up: boolean) => live.setOnline(up),
    connection: live,
  });
}

export type LiveChat = ReturnType<typeof liveChat>;
