// The server as a test sees it from Node, around the browser: a token from the context's sign-on cookie, the
// user's notification settings, and the dev API's audit of applied mutations (server/routes/dev.ts).
// context.request shares the browser context's cookies but not its network emulation: it works while the
// context is offline.
import { expect, type APIRequestContext } from '@playwright/test';
import type {
  NotificationDetail,
  NotificationItem,
  NotificationSetting,
} from '../src/core/contract/notification.ts';

export const SETTINGS_PATH = '/api/v2/app/notification/settings';
const NOTIFICATION_LIST_API = '/api/v2/app/notification/user/list';
const NOTIFICATION_DETAIL_API = '/api/v2/app/notification/user/detail';
export const MY_SETTING_API = '/api/v2/app/common/my-setting';

export interface AuditRow {
  idempotencyKey: string | null;
  method: string;
  path: string;
  usrId: string;
  statusCode: number | null;
  time: string;
}

export class ServerApi {
  constructor(private readonly request: APIRequestContext) {}

  /** GET /IBP_REFRESH.do with the session cookie gives a fresh X-AUTH-TOKEN. */
  async token(): Promise<string> {
    const res = await this.request.get('/IBP_REFRESH.do');
    expect(res.ok(), 'GET /IBP_REFRESH.do').toBe(true);
    const body = (await res.json()) as { Result: string; token?: string };
    if (body.Result !== 'Ok' || !body.token) throw new Error(`no token: ${JSON.stringify(body)}`);
    return body.token;
  }

  async settings(): Promise<NotificationSetting[]> {
    const res = await this.request.get(SETTINGS_PATH, { headers: { 'X-AUTH-TOKEN': await this.token() } });
    expect(res.ok(), `GET ${SETTINGS_PATH}`).toBe(true);
    return ((await res.json()) as { settingList: NotificationSetting[] }).settingList;
  }

  async setting(notId: string): Promise<NotificationSetting> {
    const found = (await this.settings()).find((s) => s.notId === notId);
    if (!found) throw new Error(`the server has no setting ${notId}`);
    return found;
  }

  /** The signed-on user's notifications as the server lists them, newest first. */
  async notificationList(): Promise<NotificationItem[]> {
    const res = await this.request.get(NOTIFICATION_LIST_API, {
      headers: { 'X-AUTH-TOKEN': await this.token() },
    });
    expect(res.ok(), `GET ${NOTIFICATION_LIST_API}`).toBe(true);
    return ((await res.json()) as { notiList: NotificationItem[] }).notiList;
  }

  /** One of the signed-on user's notifications with its detail fields (notMsg is its text). */
  async notificationDetail(notSeq: number): Promise<NotificationDetail> {
    const res = await this.request.get(NOTIFICATION_DETAIL_API, {
      headers: { 'X-AUTH-TOKEN': await this.token() },
      params: { notSeq },
    });
    expect(res.ok(), `GET ${NOTIFICATION_DETAIL_API}`).toBe(true);
    const { notiDetailResponse } = (await res.json()) as {
      notiDetailResponse: { success: boolean; msg: string; list: NotificationDetail[] };
    };
    const detail = notiDetailResponse.list[0];
    if (!notiDetailResponse.success || !detail)
      throw new Error(`no detail of ${notSeq}: ${notiDetailResponse.msg}`);
    return detail;
  }

  /** New notifications for a user, made as the simulator makes them (POST /api/dev/notifications); their notSeqs. */
  async injectNotifications(n: {
    usrId: string;
    notId: string;
    vslCd?: string;
    portCd?: string;
    count?: number;
  }): Promise<number[]> {
    const res = await this.request.post('/api/dev/notifications', { data: n });
    expect(res.ok(), 'POST /api/dev/notifications').toBe(true);
    return ((await res.json()) as { notSeqs: number[] }).notSeqs;
  }

  /** Applied mutations of one user, oldest first (GET /api/dev/audit). */
  async audit(usrId: string): Promise<AuditRow[]> {
    const res = await this.request.get(`/api/dev/audit?usrId=${encodeURIComponent(usrId)}&limit=10000`);
    expect(res.ok(), 'GET /api/dev/audit').toBe(true);
    return (await res.json()) as AuditRow[];
  }

  /** The audit rows of one outbox operation (its opId is the Idempotency-Key). */
  async auditOf(usrId: string, opId: string): Promise<AuditRow[]> {
    return (await this.audit(usrId)).filter((r) => r.idempotencyKey === opId);
  }

  /**
   * The next `times` calls of a path by this user (or this sign-on session) answer `status`, or hang `delayMs`
   * first (POST /api/dev/faults).
   */
  async fault(f: {
    path: string;
    method?: 'GET' | 'POST' | 'PUT';
    usrId?: string;
    sid?: string;
    times: number;
    status?: number;
    delayMs?: number;
  }): Promise<void> {
    const res = await this.request.post('/api/dev/faults', { data: f });
    expect(res.ok(), 'POST /api/dev/faults').toBe(true);
  }

  /** Any GET of the API as the signed-on user (e.g. '/api/v2/app/port/live?portCd=SGSIN'), its JSON. */
  async get<T>(path: string): Promise<T> {
    const res = await this.request.get(path, { headers: { 'X-AUTH-TOKEN': await this.token() } });
    expect(res.ok(), `GET ${path}`).toBe(true);
    return (await res.json()) as T;
  }

  /** The signed-on user's followed vessels, lanes and ports as the server has them (GET /common/my-setting). */
  mySetting(): Promise<{ vslCds: string[]; laneCds: string[]; portCds: string[] }> {
    return this.get(MY_SETTING_API);
  }

  /** Replaces the signed-on user's followed vessels (PUT /common/my-setting), e.g. to put a test's change back. */
  async putMyVessels(vslCds: string[]): Promise<void> {
    const res = await this.request.put(MY_SETTING_API, {
      headers: { 'X-AUTH-TOKEN': await this.token() },
      data: { vslCds },
    });
    expect(res.ok(), `PUT ${MY_SETTING_API}`).toBe(true);
  }

  /** Signs the browser context on through the sign-on form without a page; gives the session id (the cookie). */
  async signOnSession(
    usrId: string,
    cookies: () => Promise<{ name: string; value: string }[]>,
  ): Promise<string> {
    const res = await this.request.post('/sso/login', { form: { usrId, password: 'demo' }, maxRedirects: 0 });
    expect(res.status(), 'POST /sso/login').toBeLessThan(400);
    const sid = (await cookies()).find((c) => c.name === 'quay_sid')?.value;
    if (!sid) throw new Error(`no session cookie after signing on ${usrId}`);
    return sid;
  }
}
