// A notification's detail (product.md#notification-read, product.md#errors): the pull brings those of unread and recent notifications
// (worker/sync/apply-pull.ts), and any other is fetched when its item is opened; all are kept in IndexedDB (at most
// DETAIL_LIMIT), so that they open at sea. Offline, or when the link fails, the kept copy answers.
import { NotificationDetailResponse, type NotificationDetail } from '../../src/core/contract/notification.ts';
import type { QuayDb } from '../../src/device/db.ts';
import type { ApiCaller } from '../../src/device/outbox/drain.ts';
import { isLinkFailure, RequestError, UnknownError } from '../../src/device/net/http.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { rebaseTables, underWaiting } from '../../src/device/outbox/rebase.ts';
import { pruneDetails } from '../sync/apply-pull.ts';
import { NOTIFICATION_USER_DETAIL, notificationPath } from '../../src/core/contract/api.ts';

const checkDetail = checkSchema(NotificationDetailResponse);

export interface DetailAnswer {
  detail: NotificationDetail;
  /** From this device's copy: the server could not be asked. */
  stored: boolean;
}

export function createNotificationDetail(db: QuayDb, client: ApiCaller, isOnline: () => boolean) {
  return async function notificationDetail(notSeq: number): Promise<DetailAnswer> {
    if (!Number.isInteger(notSeq) || notSeq <= 0) throw new UnknownError('N/A notSeq');
    const kept = await db.notificationDetails.get(notSeq);
    if (!isOnline()) {
      if (kept) return { detail: kept, stored: true };
      throw new RequestError(
        'This notification has not been opened on this device before, and there is no link.',
      );
    }
    let detail: NotificationDetail;
    try {
      const { notiDetailResponse: answer } = await client.json(
        `${notificationPath(NOTIFICATION_USER_DETAIL)}?notSeq=${notSeq}`,
        checkDetail,
      );
      const first = answer.list[0];
      if (!answer.success || !first) throw new UnknownError(answer.msg || 'N/A notSeq');
      detail = first;
    } catch (err) {
      if (kept && isLinkFailure(err)) return { detail: kept, stored: true };
      throw err;
    }
    // The server's detail, with what the user did here and the server has not heard yet on top (read, Got it).
    const tables = [db.notifications, db.notificationDetails, ...rebaseTables(db)];
    const row = await db.transaction('rw', tables, async () => {
      await underWaiting(db, async () => {
        await db.notificationDetails.put({ ...detail, fetchedAt: Date.now() });
        await pruneDetails(db, notSeq);
      });
      return db.notificationDetails.get(notSeq);
    });
    return { detail: row ?? detail, stored: false };
  };
}
