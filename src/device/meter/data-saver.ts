// Data saver: while on, what can wait waits (map and image downloads, the search index refresh, analytics, page views
// of the application history) until the link is cheap or the user asks. On by default when the browser reports a
// metered or slow link (Save-Data, cellular, 2G or 3G); the user's own choice, once made, wins.
import type { QuayDb } from '../db.ts';

/** What the Network Information API says, where the browser has it (Chromium; not Safari or Firefox). */
export interface LinkInfo {
  saveData?: boolean;
  type?: string;
  effectiveType?: string;
}

/** What this context's browser reports of the link, if anything. */
export function linkInfo(): LinkInfo | undefined {
  return (globalThis as { navigator?: { connection?: LinkInfo } }).navigator?.connection;
}

/** The browser says the link is metered or slow: Save-Data, a cellular link, or an effective type of 2G or 3G. */
export function reportsCostlyLink(link: LinkInfo): boolean {
  if (link.saveData === true || link.type === 'cellular') return true;
  return link.effectiveType === 'slow-2g' || link.effectiveType === '2g' || link.effectiveType === '3g';
}

/** On unless the user said otherwise: the link is metered or slow as the browser sees it. */
export function saverByDefault(link: LinkInfo | undefined = linkInfo()): boolean {
  return link ? reportsCostlyLink(link) : false;
}

/** The user's choice if made, else the link's default. */
const saverState = (choice: boolean | undefined, link?: LinkInfo): boolean => choice ?? saverByDefault(link);

/** Whether what can wait should wait now (the sync, analytics and the outbox ask before sending such things). */
export async function dataSaverOn(db: QuayDb, link?: LinkInfo): Promise<boolean> {
  return saverState(await db.getMeta('dataSaver'), link);
}

/** What the saver defers, as the switch's description says it. */
export const DEFERRED_TEXT =
  'Waits for you: maps, images, the search index refresh, usage statistics and page history.';
