// Why a session was lost, as the app sends the user to the sign-on page (`?why=`) and the page says it in words
// (product.md#token). The words are the sign-on page's own: nothing of the address is shown as it came.
export type SessionLoss = 'ended' | 'expired' | 'refused' | 'tab' | 'signed-out-elsewhere' | 'disabled';

/** The reasons the token refresh gives (server/routes/sign-on.ts); the others are the app's own. */
export const REFRESH_LOSSES: readonly SessionLoss[] = [
  'ended',
  'expired',
  'signed-out-elsewhere',
  'disabled',
];

const WORDS: Record<SessionLoss, string> = {
  ended: 'Your session ended: you signed out on another device.',
  // Another device of the same user chose "Sign out" on this one in My devices (product.md#my-devices).
  'signed-out-elsewhere': 'You were signed out from another device.',
  disabled: 'Your account is disabled. Ask your administrator.',
  expired: 'Your session expired. Please sign on again.',
  refused: 'Your session ended: the server no longer accepts it. Please sign on again.',
  tab: 'You signed out in another window of Quay.',
};

/** The words for a `why` of the sign-on page's address; null for none or one it does not know. */
export function sessionLossWords(why: string | undefined): string | null {
  return why !== undefined && Object.hasOwn(WORDS, why) ? WORDS[why as SessionLoss] : null;
}
