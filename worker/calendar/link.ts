// The calendar feed's secret (product.md#calendar-feed): asked for when the window first shows the feed's address,
// or made anew on request; the server answers a secret only when it makes one, and this device keeps it, so the
// address shows again with no link. The answer is checked against the contract before anything is kept.
import type { QuayDb } from '../../src/device/db.ts';
import type { ApiCaller } from '../../src/device/outbox/drain.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { CalendarLink } from '../../src/core/contract/calendar.ts';
import { apiPath, CALENDAR_LINK, CALENDAR_PREFIX } from '../../src/core/contract/api.ts';

const check = checkSchema(CalendarLink);

/** The server's answer, and whether the address this device kept was replaced on another device (now dead). */
export interface CalendarLinkAnswer extends CalendarLink {
  replaced: boolean;
}

export function createCalendarLink(db: QuayDb, client: ApiCaller) {
  return async (renew: boolean): Promise<CalendarLinkAnswer> => {
    const answer = await client.json(apiPath(CALENDAR_PREFIX, CALENDAR_LINK), check, {
      method: 'POST',
      body: { renew },
    });
    if (answer.secret) {
      await db.setMeta('calendarLink', { secret: answer.secret, madeAt: answer.madeAt });
      return { ...answer, replaced: false };
    }
    // The user's link was made at another time than the one kept here: made anew elsewhere, the kept address answers
    // 404 now. It goes, so that it is neither shown nor copied (product.md#calendar-feed).
    const kept = await db.getMeta('calendarLink');
    const replaced = kept !== undefined && kept.madeAt !== answer.madeAt;
    if (replaced) await db.deleteMeta('calendarLink');
    return { ...answer, replaced };
  };
}
