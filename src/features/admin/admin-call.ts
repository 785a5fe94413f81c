// The screens' one door to the user administration (worker/admin/users.ts): a call through the worker that always
// answers, a worker that failed included, so that a screen keeps what was typed and says what went wrong.
import type { Remote } from 'comlink';
import { callWorker, type AdminAnswer } from '../../platform/worker-bridge.ts';
import type { WorkerApi } from '../../../worker/index.ts';

export type { AdminAnswer };

export async function adminCall<T>(
  call: (api: Remote<WorkerApi>) => Promise<AdminAnswer<T>>,
): Promise<AdminAnswer<T>> {
  try {
    return await callWorker(call);
  } catch (err) {
    return {
      ok: false,
      noLink: false,
      status: null,
      message: err instanceof Error ? err.message : 'The app could not ask the server.',
    };
  }
}

export type AdminFailure = Extract<AdminAnswer<unknown>, { ok: false }>;

/** What a failed call says to a person: the link first, then the server's own words. `typed`: a form's, kept. */
export function failureWords(answer: AdminFailure, typed = false): string {
  if (answer.noLink)
    return typed
      ? 'User administration needs the link: nothing was sent. What you typed is kept; try again when there is a link.'
      : 'User administration needs the link. Try again when there is a link.';
  if (answer.status === 403) return 'Only administrators may do this.';
  return answer.message;
}

/** Users' names by id, from every list read: the audit log names people, not ids, where it can. */
const names = new Map<string, string>();
export const rememberNames = (users: readonly { usrId: string; usrNm: string }[]): void => {
  for (const u of users) names.set(u.usrId, u.usrNm);
};
export const nameOf = (usrId: string): string | undefined => names.get(usrId);
