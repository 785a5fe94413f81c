// /common routes for events and their remarks, the lunar date and code lists.
import { userOf, type App } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { mutate } from '../../http/mutation.ts';
import { isRestricted } from '../../../src/core/role.ts';
import {
  CodeListResponse,
  CodeTypeParams,
  EventListResponse,
  EventQuery,
  EventRemarkBody,
  EventRemarkResponse,
  LunarDate,
  LunarQuery,
} from '../../../src/core/contract/common.ts';
import { assertEventScope, assertKnown, listEvents } from './events.ts';
import { parseDay, parseRange } from './params.ts';
import {
  COMMON_CODE,
  COMMON_EVENT,
  COMMON_EVENT_REMARK,
  COMMON_LUNAR,
} from '../../../src/core/contract/api.ts';

const tags = ['common'];
const security = [{ token: [] }];

const lunarFormat = new Intl.DateTimeFormat('en-u-ca-chinese', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Chinese lunisolar date of a Gregorian day (ICU's 'chinese' calendar); a leap month shows as e.g. "6bis". */
export function lunarOf(day: Date): {
  lunarYear: number;
  lunarMonth: number;
  lunarDay: number;
  leapMonth: boolean;
} {
  const parts = lunarFormat.formatToParts(day);
  const part = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const month = part('month');
  return {
    lunarYear: Number.parseInt(part('relatedYear') || part('year'), 10),
    lunarMonth: Number.parseInt(month, 10),
    lunarDay: Number.parseInt(part('day'), 10),
    leapMonth: /bis$/i.test(month),
  };
}

export async function miscRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    COMMON_EVENT,
    {
      schema: {
        tags,
        security,
        summary:
          'Events the caller may see (a vessel user: its own vessel only), newest first, with their remarks',
        querystring: EventQuery,
        response: { 200: EventListResponse },
      },
    },
    async (req) => {
      const user = userOf(req);
      const q = req.query;
      if (q.vslCd !== undefined) assertEventScope(user, q.vslCd);
      const range = parseRange(q.fromDt, q.toDt);
      const filter = { vslCd: q.vslCd, portCd: q.portCd, ...range };
      await assertKnown(db, filter);
      return { eventList: await listEvents(db, user, filter) };
    },
  );

  app.post(
    COMMON_EVENT_REMARK,
    {
      schema: {
        tags,
        security,
        summary:
          'Add a remark to an event (not for read-only user types 5 and 6; a vessel user only on its own vessel)',
        body: EventRemarkBody,
        response: { 200: EventRemarkResponse },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      if (isRestricted(user)) throw forbidden('Users of type 5 and 6 are read-only');
      const remark = req.body.remark.trim();
      if (!remark) throw badRequest('body.remark must not be blank');
      return mutate(app, req, reply, async (sql) => {
        const ev = await sql.query<{ vsl_cd: string | null }>(
          'SELECT vsl_cd FROM events WHERE evnt_seq = $1',
          [req.body.evntSeq],
        );
        if (!ev[0]) throw notFound(`evntSeq ${req.body.evntSeq} was not found`);
        assertEventScope(user, ev[0].vsl_cd);
        const ins = await sql.query<{ rmk_seq: number }>(
          'INSERT INTO event_remarks (evnt_seq, usr_id, remark) VALUES ($1, $2, $3) RETURNING rmk_seq',
          [req.body.evntSeq, user.usrId, remark],
        );
        return { body: { success: true, msg: 'Remark saved', rmkSeq: ins[0]?.rmk_seq ?? 0 } };
      });
    },
  );

  app.get(
    COMMON_LUNAR,
    {
      schema: {
        tags,
        security,
        summary: 'The Chinese lunisolar date of a solar date',
        querystring: LunarQuery,
        response: { 200: LunarDate },
      },
    },
    async (req) => {
      const day = parseDay(req.query.sunDate, 'sunDate');
      const year = day.getUTCFullYear();
      if (year < 1900 || year > 2100) throw badRequest('sunDate must be between 1900-01-01 and 2100-12-31');
      return { sunDate: req.query.sunDate, ...lunarOf(day) };
    },
  );

  app.get(
    COMMON_CODE,
    {
      schema: {
        tags,
        security,
        summary: 'The codes of one code type in display order',
        params: CodeTypeParams,
        response: { 200: CodeListResponse },
      },
    },
    async (req) => {
      const rows = await db.query<{ cd: string; cd_nm: string; sort_no: number }>(
        'SELECT cd, cd_nm, sort_no FROM codes WHERE cd_tp = $1 ORDER BY sort_no, cd',
        [req.params.type],
      );
      if (rows.length === 0) throw notFound(`type: code type ${req.params.type} was not found`);
      return { codeList: rows.map((r) => ({ cd: r.cd, cdNm: r.cd_nm, sortNo: r.sort_no })) };
    },
  );
}
