// The server as a test sees it from Node, around the browser: a token from the context's sign-on cookie, the
// user's notification settings, and the dev API's audit of applied mutations (server/routes/dev.ts).
// context.request shares the browser context's cookies but not its network emulation: it works while the
// context is offline.
import { expect, type APIRequestContext } from '@playwright/test';
import type { NotificationSetting } from '../src/core/contract/notification.ts';

export const SETTINGS_PATH = '/api/v2/app/notification/settings';

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

  /** The next `times` calls of a path by this user answer `status`, or hang `delayMs` first (POST /api/dev/faults). */
  async fault(f: {
    path: string;
    usrId: string;
    times: number;
    status?: number;
    delayMs?: number;
  }): Promise<void> {
    const res = await this.request.post('/api/dev/faults', { data: f });
    expect(res.ok(), 'POST /api/dev/faults').toBe(true);
  }
}
