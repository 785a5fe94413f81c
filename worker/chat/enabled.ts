// product.md#chat-enablement, as the worker decides it before it spends a request or a socket on chat: shore users
// chat (in the rooms they belong to); a vessel user only when its vessel's service is in the chat-enabled list.
import { DEFAULT_CHAT_LANES, isChatLane } from '../../src/core/chat-lanes.ts';
import type { QuayDb } from '../../src/device/db.ts';
import { isVesselUser } from '../../src/core/role.ts';

/** The build's VITE_CHAT_LANES (Vite replaces import.meta.env in the worker's build too), else the demo world's. */
const BUILD_CHAT_LANES =
  (import.meta as unknown as { env?: Record<string, string | undefined> }).env?.VITE_CHAT_LANES ||
  DEFAULT_CHAT_LANES;

/**
 * 'yes' for a shore user and for a vessel user on a chat-enabled service; 'no' for a vessel user whose own vessel's
 * service is not chat-enabled (or nobody signed on); 'unknown' for a vessel user whose vessel is not synced yet (the
 * server decides: 403 means no).
 */
export async function chatEnabled(
  db: QuayDb,
  chatLanes: string = BUILD_CHAT_LANES,
): Promise<'yes' | 'no' | 'unknown'> {
  const user = await db.getMeta('user');
  if (!user) return 'no';
  if (!isVesselUser(user)) return 'yes';
  const own = await db.getMeta('ownVessel');
  if (!own) return 'unknown';
  return isChatLane(chatLanes, own.vslSlanCd || own.laneCd) ? 'yes' : 'no';
}
