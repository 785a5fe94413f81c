// /vessel routes that people write: handover, cascade and widget memos, widget flags and the next dry-dock plan.
// Every write goes through mutate() (Idempotency-Key and audit row in the same transaction); the rules and the rows
// are ../../vessels/memos.ts's.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userOf, type App } from '../../context.ts';
import type { AuthUser } from '../../auth/user.ts';
import { mutate } from '../../http/mutation.ts';
import { VslParams, VslQuery } from '../../../src/core/contract/vessel.ts';
import {
  MemoBody,
  MemoListResponse,
  MemoSaveResponse,
  NextDockBody,
  NextDockResponse,
  NextDockSaveResponse,
  WidgetFlagResponse,
  WidgetMemoBody,
  WidgetMemoQuery,
} from '../../../src/core/contract/vessel-memos.ts';
import {
  dockPlan,
  memos,
  memoText,
  nextDock,
  saveMemo,
  saveNextDock,
  type MemoInput,
  type MemoTp,
} from '../../vessels/memos.ts';
import { widgetFlags } from '../../users/profile.ts';
import {
  VESSEL_CASCADE_MEMO,
  VESSEL_CASCADE_MEMO_OF,
  VESSEL_HANDOVER_MEMO,
  VESSEL_NEXT_DOCK,
  VESSEL_NEXT_DOCK_OF,
  VESSEL_WIDGET_FLAG,
  VESSEL_WIDGET_MEMO,
} from '../../../src/core/contract/api.ts';

const tags = ['vessel'];
const security = [{ token: [] }];

/** Saves one memo after the write rule; the same shape for every kind. */
function memoRoute(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  memoTp: MemoTp,
  body: MemoInput,
) {
  const memo = memoText(user, memoTp, body);
  return mutate(app, req, reply, async (sql) => ({ body: await saveMemo(sql, user, memoTp, body, memo) }));
}

export async function memoRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    VESSEL_HANDOVER_MEMO,
    {
      schema: {
        tags,
        security,
        summary: "The vessel's handover memos, newest first",
        querystring: VslQuery,
        response: { 200: MemoListResponse },
      },
    },
    async (req) => memos(db, userOf(req), req.query.vslCd, 'HANDOVER'),
  );

  app.post(
    VESSEL_HANDOVER_MEMO,
    {
      schema: {
        tags,
        security,
        summary: "Add a handover memo (the vessel's own users and operators)",
        body: MemoBody,
        response: { 200: MemoSaveResponse },
      },
    },
    async (req, reply) => memoRoute(app, req, reply, userOf(req), 'HANDOVER', req.body),
  );

  app.get(
    VESSEL_CASCADE_MEMO_OF,
    {
      schema: {
        tags,
        security,
        summary: "The vessel's schedule (cascade) memos, newest first",
        params: VslParams,
        response: { 200: MemoListResponse },
      },
    },
    async (req) => memos(db, userOf(req), req.params.vslCd, 'CASCADE'),
  );

  app.post(
    VESSEL_CASCADE_MEMO,
    {
      schema: {
        tags,
        security,
        summary: "Add a schedule (cascade) memo (operators, agents and the vessel's own users)",
        body: MemoBody,
        response: { 200: MemoSaveResponse },
      },
    },
    async (req, reply) => memoRoute(app, req, reply, userOf(req), 'CASCADE', req.body),
  );

  app.get(
    VESSEL_WIDGET_MEMO,
    {
      schema: {
        tags,
        security,
        summary: "The vessel's widget memos (of one widget when wdgtId is given), newest first",
        querystring: WidgetMemoQuery,
        response: { 200: MemoListResponse },
      },
    },
    async (req) => memos(db, userOf(req), req.query.vslCd, 'WIDGET', req.query.wdgtId),
  );

  app.post(
    VESSEL_WIDGET_MEMO,
    {
      schema: {
        tags,
        security,
        summary: "Add a memo on one widget of the vessel page (operators, agents and the vessel's own users)",
        body: WidgetMemoBody,
        response: { 200: MemoSaveResponse },
      },
    },
    async (req, reply) => memoRoute(app, req, reply, userOf(req), 'WIDGET', req.body),
  );

  app.get(
    VESSEL_WIDGET_FLAG,
    {
      schema: {
        tags,
        security,
        summary: "The caller's on/off flag per widget (Y unless switched off)",
        response: { 200: WidgetFlagResponse },
      },
    },
    async (req) => ({ widgetFlagList: await widgetFlags(db, userOf(req).usrId) }),
  );

  app.get(
    VESSEL_NEXT_DOCK_OF,
    {
      schema: {
        tags,
        security,
        summary: "The vessel's next dry-dock plan, or null",
        params: VslParams,
        response: { 200: NextDockResponse },
      },
    },
    async (req) => nextDock(db, userOf(req), req.params.vslCd),
  );

  app.post(
    VESSEL_NEXT_DOCK,
    {
      schema: {
        tags,
        security,
        summary:
          "Set the vessel's next dry-dock plan (operators NAV00/NAV01 only); replaces the previous plan",
        body: NextDockBody,
        response: { 200: NextDockSaveResponse },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const plan = dockPlan(user, req.body);
      return mutate(app, req, reply, async (sql) => ({
        body: await saveNextDock(sql, user, req.body, plan),
      }));
    },
  );
}
