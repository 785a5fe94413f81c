// A fresh sign-on, told to the app that opens next. The app opens with the user and token this device stored
// (DESIGN.md §1, §9: data on screen at once, link or none) and asks the server who is signed on in the background;
// right after a sign-on, though, the session may be another user's, so the app waits for the server's answer
// instead. The sign-on sets this short-lived cookie, readable by the page: it names no user and grants nothing.
export const SIGN_ON_MARK_COOKIE = 'quay_signed_on';

/** Long enough for the app to open after the sign-on's redirect, on a slow link. */
export const SIGN_ON_MARK_MAX_AGE_S = 600;

/** Whether a cookie header (document.cookie) carries the mark. */
export function hasSignOnMark(cookies: string): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith(`${SIGN_ON_MARK_COOKIE}=`));
}
