// A fresh sign-on, told to the app that opens next. The app opens with the user and token this device stored
// (architecture.md#the-link-it-is-built-for, budgets.md#current-budgets: data on screen at once, link or none); right after a sign-on, though, the session may be
// another user's, so the app asks the server who is signed on and waits for the answer. The sign-on sets this
// cookie, readable by the page: it names no user and grants nothing. It lasts as long as the session, and the app
// removes it once the server has answered, so a sign-on is never missed however late the app opens after it.
export const SIGN_ON_MARK_COOKIE = 'quay_signed_on';

/** Whether a cookie header (document.cookie) carries the mark. */
export function hasSignOnMark(cookies: string): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith(`${SIGN_ON_MARK_COOKIE}=`));
}
