// /common routes for events and their remarks (../../events/events.ts), the lunar date and code lists
// (../../reference/codes.ts).
import { userOf, type App } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { mutate } from '../../http/mutation.ts';
import { parseDay } from '../../http/params.ts';
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
import { addRemark, findEvents, remarkText } from '../../events/events.ts';
import { codeList } from '../../reference/codes.ts';
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
function lunarOf(day: Date): {
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
    async (req) => ({ eventList: await findEvents(db, userOf(req), req.query) }),
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
      const remark = remarkText(user, req.body.remark);
      return mutate(app, req, reply, async (sql) => {
        const rmkSeq = await addRemark(sql, user, req.body.evntSeq, remark);
        return { body: { success: true, msg: 'Remark saved', rmkSeq } };
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
    async (req) => codeList(db, req.params.type),
  );
}
