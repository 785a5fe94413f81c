// Drafts per room (product.md#what-the-app-holds), kept in localStorage so they survive a reload or leaving the room: the composer's
// message, and a berth prospect being written.
import type { BerthForm } from '../../core/chat-berth.ts';

const key = (roomId: string) => `quay:chat-draft:${roomId}`;
const berthKey = (roomId: string) => `quay:berth-draft:${roomId}`;

export function readDraft(roomId: string): string {
  try {
    return localStorage.getItem(key(roomId)) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(roomId: string, text: string): void {
  try {
    if (text) localStorage.setItem(key(roomId), text);
    else localStorage.removeItem(key(roomId));
  } catch {
    // Storage blocked: the draft lives as long as the page.
  }
}

/** The berth prospect being written for a room: only string fields of the form are taken back. */
export function readBerthDraft(roomId: string): Partial<BerthForm> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(berthKey(roomId)) ?? '{}');
    if (typeof raw !== 'object' || raw === null) return {};
    const out: Partial<BerthForm> = {};
    for (const [k, v] of Object.entries(raw)) {
      if (['portCd', 'ydNm', 'etb', 'etd', 'remark'].includes(k) && typeof v === 'string')
        out[k as keyof BerthForm] = v;
    }
    return out;
  } catch {
    return {};
  }
}

/** Keeps the form as typed; null (posted) forgets it. */
export function writeBerthDraft(roomId: string, form: BerthForm | null): void {
  try {
    const empty = !form || Object.values(form).every((v) => v.trim() === '');
    if (empty) localStorage.removeItem(berthKey(roomId));
    else localStorage.setItem(berthKey(roomId), JSON.stringify(form));
  } catch {
    // Storage blocked: the draft lives as long as the sheet.
  }
}
