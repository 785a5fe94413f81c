// Logout as the user meets it (architecture.md#sign-out): one question that says what happens to the changes still
// waiting (sent first with the link; at sea kept for the next sign-on here, or discarded after a second question),
// then the sign-out. Shared by the side menu and the error page's "Sign out".
import type { ShownError } from '../../ui/shown-error.ts';
import { dialog } from '../../ui/dialog-store.ts';
import type { SignOutResult, UnsentChoice } from '../../platform/worker-bridge.ts';
import { db } from '../../platform/db.ts';
import { pendingCount } from '../../device/outbox/count.ts';

type SignOut = (opts: { unsent?: UnsentChoice }) => Promise<SignOutResult | ShownError>;

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);
const RELINK = 'You need a link to sign on again.';

/** The question when the link is up: what waits is sent first. */
export function logoutQuestion(waiting: number): string {
  if (waiting <= 0) return RELINK;
  const it = waiting === 1 ? 'It is' : 'They are';
  return `${changes(waiting)} waiting to be sent. ${it} sent first, then you are logged out. ${RELINK}`;
}

/** The question with no link: the server is told later, and the user says what becomes of what waits. */
export function atSeaQuestion(waiting: number): string {
  const later =
    'There is no link now: you are logged out on this device at once, and the server is told when the link returns.';
  if (waiting <= 0) return `${later} ${RELINK}`;
  const verb = waiting === 1 ? 'has' : 'have';
  return (
    `${later} ${changes(waiting)} ${verb} not been sent. Keep them on this device, to be sent when you sign on ` +
    `here again, or discard them. ${RELINK}`
  );
}

/** What to do with unsent changes: asked when some wait and there is no link (null: the user cancelled). */
async function askUnsent(waiting: number): Promise<UnsentChoice | null> {
  const answer = await dialog.choose(atSeaQuestion(waiting), {
    title: 'Log out with no link?',
    okText: 'Keep and log out',
    altText: 'Discard and log out',
  });
  if (answer === 'ok') return 'keep';
  if (answer !== 'alt') return null;
  const sure = await dialog.confirm(
    `${changes(waiting)} will never be sent: nobody will see ${waiting === 1 ? 'it' : 'them'}.`,
    { title: `Discard ${changes(waiting)}?`, okText: 'Discard and log out', cancelText: 'Back' },
  );
  return sure ? 'discard' : askUnsent(waiting);
}

/**
 * Asks, then signs out; `askWhenNothingWaits: false` skips the question when the link is up and nothing waits. Gives the words of a failure to show, or undefined (signed out, or the user cancelled). The
 * link may turn out to be gone after the question: then the worker answers 'unsent' and the user chooses.
 */
export async function logOut(
  signOut: SignOut,
  { askWhenNothingWaits = true }: { askWhenNothingWaits?: boolean } = {},
): Promise<string | undefined> {
  const waiting = await pendingCount(db);
  let unsent: UnsentChoice | undefined;
  if (navigator.onLine && waiting === 0 && !askWhenNothingWaits) {
    // Asked for by name ("Sign on as another user"), with nothing to lose: no question.
  } else if (navigator.onLine) {
    const ok = await dialog.confirm(logoutQuestion(waiting), {
      title: 'Log out of Quay?',
      okText: 'Logout',
      cancelText: 'Cancel',
    });
    if (!ok) return undefined;
  } else if (waiting > 0) {
    const choice = await askUnsent(waiting);
    if (!choice) return undefined;
    unsent = choice;
  } else {
    const ok = await dialog.confirm(atSeaQuestion(0), {
      title: 'Log out with no link?',
      okText: 'Logout',
      cancelText: 'Cancel',
    });
    if (!ok) return undefined;
  }
  let result = await signOut(unsent ? { unsent } : {});
  if ('status' in result && result.status === 'unsent') {
    const choice = await askUnsent(result.waiting);
    if (!choice) return undefined;
    result = await signOut({ unsent: choice });
  }
  return 'status' in result ? undefined : result.detail || result.title;
}
