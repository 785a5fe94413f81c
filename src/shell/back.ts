// Where the header's back button goes (product.md#shell): hidden on the role's home; a non-vessel user in a chat
// room goes to the room list; with no history to go back to (a page opened from a link), the role's home.
import { isHomePath, roleHome, type RoleGroup } from '../core/role.ts';

export type BackAction = { type: 'hidden' } | { type: 'history' } | { type: 'navigate'; to: string };

const CHAT_ROOM = /^\/chat\/[^/]+\/?$/;

export function backAction(group: RoleGroup, path: string, historyLength: number): BackAction {
  if (isHomePath(group, path)) return { type: 'hidden' };
  if (group !== 'vessel' && CHAT_ROOM.test(path)) return { type: 'navigate', to: '/chat/' };
  if (historyLength <= 1) return { type: 'navigate', to: roleHome(group) };
  return { type: 'history' };
}
