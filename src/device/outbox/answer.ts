// What the outbox's per-item calls answer (product.md#the-calls): {success, msg} at the top level or under one key, a chat
// message's {message, duplicate}, a read mark's unread count. Checked before the drain trusts it.
import type { Check } from '../net/http.ts';
import { asChatMessage } from './chat.ts';

/** Every outbox endpoint answers {success, msg}, at the top level or under one key (product.md#the-calls). */
export interface OpAnswer {
  success: boolean;
  msg: string;
  /** POST /chat/message answers {message, duplicate}, a berth prospect {success, msg, message}: the stored message. */
  stored?: unknown;
  /** A chat read mark answers the room's unread count after it. */
  unreadCount?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const checkAnswer: Check<OpAnswer> = (v) => {
  if (!isRecord(v)) return null;
  // A chat message (POST /chat/message): stored, whether now or before (duplicate).
  if (typeof v.duplicate === 'boolean' && asChatMessage(v.message)) {
    return { success: true, msg: v.duplicate ? 'Already stored' : 'Stored', stored: v.message };
  }
  const inner = isRecord(v.notiReadSaveResponse)
    ? v.notiReadSaveResponse
    : isRecord(v.notiSettingSaveResponse)
      ? v.notiSettingSaveResponse
      : v;
  if (typeof inner.success !== 'boolean') return null;
  return {
    success: inner.success,
    msg: typeof inner.msg === 'string' ? inner.msg : '',
    ...(asChatMessage(inner.message) ? { stored: inner.message } : {}),
    ...(typeof inner.unreadCount === 'number' ? { unreadCount: inner.unreadCount } : {}),
  };
};
