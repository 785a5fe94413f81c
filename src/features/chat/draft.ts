// The composer's draft per room (SPEC §3): kept in localStorage, so it survives a reload or leaving the room.
const key = (roomId: string) => `quay:chat-draft:${roomId}`;

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
