// My calendar (product.md#calendar-feed): POST /calendar/link under the API's token guard makes the user's feed
// secret (or says when the one it has was made), and the feeds under /cal/{secret}/ answer a calendar app, which
// carries no token: the secret in the address finds the user, whose role is checked on every request. The feeds are
// small iCalendar files with an ETag (a calendar app polls; an unchanged feed answers 304).
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { userOf, type App } from '../context.ts';
import { calendarLink, calendarUser } from '../calendar/links.ts';
import { portFeed, vesselFeed } from '../calendar/feed.ts';
import {
  CALENDAR_WEEKS,
  CalendarLink,
  CalendarLinkBody,
  CalendarPortParams,
  CalendarVesselParams,
} from '../../src/core/contract/calendar.ts';
import { ApiError } from '../../src/core/contract/common.ts';
import {
  API_BASE,
  CALENDAR_FEED_PORT,
  CALENDAR_FEED_PREFIX,
  CALENDAR_FEED_VESSEL,
  CALENDAR_LINK,
  CALENDAR_PREFIX,
} from '../../src/core/contract/api.ts';

const ICS = 'text/calendar; charset=utf-8';

export async function calendarRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  app.post(
    CALENDAR_LINK,
    {
      schema: {
        tags: ['calendar'],
        security: [{ token: [] }],
        summary:
          `The caller's calendar feed secret, for the feeds at ${CALENDAR_FEED_PREFIX}/{secret}/vessel/{vslCd}.ics and ` +
          `${CALENDAR_FEED_PREFIX}/{secret}/port/{portCd}.ics. renew: true makes a new one, and the old one is refused ` +
          'from then on; false makes one only when the caller has none. The secret is answered once, when made: the ' +
          'server keeps only its hash. Any signed-on user',
        body: CalendarLinkBody,
        response: { 200: CalendarLink },
      },
    },
    async (req) => calendarLink(db, userOf(req).usrId, req.body.renew),
  );
}

const feedResponse = {
  200: {
    description: 'the calls as iCalendar (RFC 5545) events',
    content: { 'text/calendar': { schema: Type.String() } },
  },
  304: { description: 'unchanged since the ETag sent in If-None-Match', type: 'null' },
  403: ApiError,
  404: ApiError,
};

const send = (reply: FastifyReply, text: string) =>
  reply.type(ICS).header('cache-control', 'private, no-cache').send(text);

/** The feeds, outside API_BASE and its token guard: the secret is the credential. */
export async function calendarFeedRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  const weeks = `the next ${CALENDAR_WEEKS} weeks (and the last day)`;
  app.get(
    CALENDAR_FEED_VESSEL,
    {
      schema: {
        tags: ['calendar'],
        summary:
          `A vessel's calls in ${weeks} as iCalendar events (arrival, berth, departure). No token: the secret of ` +
          `POST ${API_BASE}${CALENDAR_PREFIX}${CALENDAR_LINK} finds the user; a vessel user's reaches only its own ` +
          'vessel (403), a secret made anew since answers 404. ETag, and 304 to If-None-Match',
        params: CalendarVesselParams,
        response: feedResponse,
      },
    },
    async (req, reply) => {
      const user = await calendarUser(db, req.params.secret);
      return send(reply, await vesselFeed(db, user, req.params.file.slice(0, -4)));
    },
  );
  app.get(
    CALENDAR_FEED_PORT,
    {
      schema: {
        tags: ['calendar'],
        summary:
          `A port's calls in ${weeks} as iCalendar events, every vessel's. No token: the secret finds the user ` +
          '(any role); a secret made anew since answers 404. ETag, and 304 to If-None-Match',
        params: CalendarPortParams,
        response: feedResponse,
      },
    },
    async (req, reply) => {
      await calendarUser(db, req.params.secret);
      return send(reply, await portFeed(db, req.params.file.slice(0, -4)));
    },
  );
}
