// /vessel routes that people write: handover, cascade and widget memos, widget flags and the next dry-dock plan.
// Every write goes through mutate() (Idempotency-Key and audit row in the same transaction).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userOf, type App, type AuthUser } from '../../context.ts';
import type { Sql } from '../../db/db.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { mutate } from '../../http/mutation.ts';
import { isoRequired } from '../../http/rows.ts';
import type { RoleGroup } from '../../../src/core/role.ts';
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
  type Memo,
  type NextDock,
} from '../../../src/core/contract/vessel-memos.ts';
import { parseTime } from '../common/params.ts';
import { assertVesselWriter, loadVessel } from './access.ts';
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
const MEMO_LIMIT = 200;

type MemoTp = 'HANDOVER' | 'CASCADE' | 'WIDGET';

/** Who may write each kind of memo (never types 5 and 6; a vessel user only on its own vessel). */
const WRITERS: Record<MemoTp, readonly RoleGroup[]> = {
  HANDOVER: ['vessel', 'operator'],
  CASCADE: ['vessel', 'operator', 'agent'],
  WIDGET: ['vessel', 'operator', 'agent'],
};

interface MemoRow {
  memo_seq: number;
  vsl_cd: string;
  wdgt_id: string | null;
  memo: string;
  cre_usr_id: string;
  usr_nm: string | null;
  cre_dt: Date;
}

async function listMemos(sql: Sql, vslCd: string, memoTp: MemoTp, wdgtId?: string): Promise<Memo[]> {
  const rows = await sql.query<MemoRow>(
    `SELECT m.memo_seq, m.vsl_cd, m.wdgt_id, m.memo, m.cre_usr_id, u.usr_nm, m.cre_dt
       FROM vessel_memos m LEFT JOIN users u ON u.usr_id = m.cre_usr_id
      WHERE m.vsl_cd = $1 AND m.memo_tp = $2 AND ($3::text IS NULL OR m.wdgt_id = $3)
      ORDER BY m.cre_dt DESC, m.memo_seq DESC LIMIT ${MEMO_LIMIT}`,
    [vslCd, memoTp, wdgtId ?? null],
  );
  return rows.map((r) => ({
    memoSeq: r.memo_seq,
    vslCd: r.vsl_cd,
    wdgtId: r.wdgt_id,
    memo: r.memo,
    creUsrId: r.cre_usr_id,
    creUsrNm: r.usr_nm ?? r.cre_usr_id,
    creDt: isoRequired(r.cre_dt),
  }));
}

async function assertWidget(sql: Sql, wdgtId: string): Promise<void> {
  const w = await sql.query('SELECT 1 FROM widgets WHERE wdgt_id = $1', [wdgtId]);
  if (!w[0]) throw notFound(`wdgtId ${wdgtId} was not found`);
}

/** Saves one memo after the write rule; the same shape for every kind. */
function saveMemo(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  memoTp: MemoTp,
  body: { vslCd: string; memo: string; wdgtId?: string },
) {
  assertVesselWriter(user, body.vslCd, WRITERS[memoTp]);
  const memo = body.memo.trim();
  if (!memo) throw badRequest('body.memo must not be blank');
  return mutate(app, req, reply, async (sql) => {
    await loadVessel(sql, user, body.vslCd, 'write');
    if (body.wdgtId !== undefined) await assertWidget(sql, body.wdgtId);
    const ins = await sql.query<{ memo_seq: number }>(
      'INSERT INTO vessel_memos (vsl_cd, memo_tp, wdgt_id, memo, cre_usr_id) VALUES ($1, $2, $3, $4, $5) RETURNING memo_seq',
      [body.vslCd, memoTp, body.wdgtId ?? null, memo, user.usrId],
    );
    return { body: { success: true, msg: 'Memo saved', memoSeq: ins[0]?.memo_seq ?? 0 } };
  });
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
    async (req) => {
      const v = await loadVessel(db, userOf(req), req.query.vslCd);
      return { memoList: await listMemos(db, v.vsl_cd, 'HANDOVER') };
    },
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
    async (req, reply) => saveMemo(app, req, reply, userOf(req), 'HANDOVER', req.body),
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
    async (req) => {
      const v = await loadVessel(db, userOf(req), req.params.vslCd);
      return { memoList: await listMemos(db, v.vsl_cd, 'CASCADE') };
    },
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
    async (req, reply) => saveMemo(app, req, reply, userOf(req), 'CASCADE', req.body),
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
    async (req) => {
      const v = await loadVessel(db, userOf(req), req.query.vslCd);
      if (req.query.wdgtId !== undefined) await assertWidget(db, req.query.wdgtId);
      return { memoList: await listMemos(db, v.vsl_cd, 'WIDGET', req.query.wdgtId) };
    },
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
    async (req, reply) => saveMemo(app, req, reply, userOf(req), 'WIDGET', req.body),
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
    async (req) => {
      const rows = await db.query<{ wdgt_id: string; wdgt_nm: string; wdgt_path: string; use_yn: string }>(
        `SELECT w.wdgt_id, w.wdgt_nm, w.wdgt_path, coalesce(f.use_yn, 'Y') AS use_yn
           FROM widgets w LEFT JOIN widget_flags f ON f.wdgt_id = w.wdgt_id AND f.usr_id = $1
          ORDER BY w.sort_no, w.wdgt_id`,
        [userOf(req).usrId],
      );
      return {
        widgetFlagList: rows.map((r) => ({
          wdgtId: r.wdgt_id,
          wdgtNm: r.wdgt_nm,
          wdgtPath: r.wdgt_path,
          useYn: r.use_yn === 'N' ? ('N' as const) : ('Y' as const),
        })),
      };
    },
  );

  const readDock = async (sql: Sql, vslCd: string): Promise<NextDock | null> => {
    const rows = await sql.query<{
      vsl_cd: string;
      yard_nm: string;
      port_cd: string;
      port_nm: string;
      fm_dt: Date;
      to_dt: Date;
      remark: string;
      upd_usr_id: string;
      upd_dt: Date;
    }>('SELECT d.*, p.port_nm FROM next_docks d JOIN ports p ON p.port_cd = d.port_cd WHERE d.vsl_cd = $1', [
      vslCd,
    ]);
    const r = rows[0];
    if (!r) return null;
    return {
      vslCd: r.vsl_cd,
      yardNm: r.yard_nm,
      portCd: r.port_cd,
      portNm: r.port_nm,
      fmDt: isoRequired(r.fm_dt),
      toDt: isoRequired(r.to_dt),
      remark: r.remark,
      updUsrId: r.upd_usr_id,
      updDt: isoRequired(r.upd_dt),
    };
  };

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
    async (req) => {
      const v = await loadVessel(db, userOf(req), req.params.vslCd);
      return readDock(db, v.vsl_cd);
    },
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
      const b = req.body;
      assertVesselWriter(user, b.vslCd, ['operator']);
      const fm = parseTime(b.fmDt, 'body.fmDt');
      const to = parseTime(b.toDt, 'body.toDt');
      if (!(fm.getTime() < to.getTime())) throw badRequest('body.fmDt must be earlier than body.toDt');
      const yardNm = b.yardNm.trim();
      if (!yardNm) throw badRequest('body.yardNm must not be blank');
      return mutate(app, req, reply, async (sql) => {
        await loadVessel(sql, user, b.vslCd, 'write');
        const port = await sql.query('SELECT 1 FROM ports WHERE port_cd = $1', [b.portCd]);
        if (!port[0]) throw badRequest(`body.portCd: unknown port ${b.portCd}`);
        await sql.query(
          `INSERT INTO next_docks (vsl_cd, yard_nm, port_cd, fm_dt, to_dt, remark, upd_usr_id, upd_dt)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now())
           ON CONFLICT (vsl_cd) DO UPDATE SET yard_nm = EXCLUDED.yard_nm, port_cd = EXCLUDED.port_cd, fm_dt = EXCLUDED.fm_dt,
             to_dt = EXCLUDED.to_dt, remark = EXCLUDED.remark, upd_usr_id = EXCLUDED.upd_usr_id, upd_dt = now()`,
          [b.vslCd, yardNm, b.portCd, fm, to, b.remark ?? '', user.usrId],
        );
        const dock = await readDock(sql, b.vslCd);
        if (!dock) throw new Error('next dock vanished');
        return { body: { success: true, msg: 'Next dock saved', nextDock: dock } };
      });
    },
  );
}
