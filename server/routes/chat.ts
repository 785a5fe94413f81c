// Chat routes under /api/v2/app/chat (product.md#chat-calls): a vessel user whose lane is not chat-enabled gets 403 on every call
// (product.md#what-happens-when); the routes themselves live in ./chat/ and their rules in ../chat/.
import { userOf, type App } from '../context.ts';
import { assertChatUser } from '../chat/access.ts';
import { chatRoomRoutes } from './chat/rooms.ts';
import { chatMessageRoutes } from './chat/messages.ts';

export async function chatRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  app.addHook('onRequest', async (req) => {
    await assertChatUser(db, app.ctx.chatLanes, userOf(req));
  });
  await chatRoomRoutes(app);
  await chatMessageRoutes(app);
}
