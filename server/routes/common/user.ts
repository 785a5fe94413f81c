// /common routes about the caller: who is signed on, page-view history, the drawer's programs, widgets and an agent's ports.
import { userOf, type App } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { mutate } from '../../http/mutation.ts';
import { isAgent } from '../../../src/core/role.ts';
import { asLoggedUser, myPorts } from '../../sync/datasets.ts';
import {
  AppHistoryBody,
  LoggedUser,
  MyPortResponse,
  ProgramList,
  SuccessMsg,
  WidgetList,
} from '../../../src/core/contract/common.ts';
import {
  COMMON_APPLICATION_HISTORY,
  COMMON_LOGGED_USER,
  COMMON_MY_PORT,
  COMMON_PROGRAMS,
  COMMON_WIDGETS,
} from '../../../src/core/contract/api.ts';

const tags = ['common'];
const security = [{ token: [] }];

export async function userRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    COMMON_LOGGED_USER,
    {
      schema: {
        tags,
        security,
        summary: 'The signed-on user (product.md §3 User)',
        response: { 200: LoggedUser },
      },
    },
    async (req) => asLoggedUser(userOf(req)),
  );

  app.put(
    COMMON_APPLICATION_HISTORY,
    {
      schema: {
        tags,
        security,
        summary: 'Record one page view of the app (sent on every route change)',
        body: AppHistoryBody,
        response: { 200: SuccessMsg },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => {
        const b = req.body;
        await sql.query(
          `INSERT INTO app_history (usr_id, url_val, app_tp_cd, http_meth_tp_cd, prmt_val) VALUES ($1, $2, $3, $4, $5)`,
          [userOf(req).usrId, b.urlVal, b.appTpCd, b.httpMethTpCd, b.prmtVal ?? ''],
        );
        return { body: { success: true, msg: 'Saved' } };
      }),
  );

  app.get(
    COMMON_PROGRAMS,
    {
      schema: {
        tags,
        security,
        summary:
          "The drawer's programs for the caller's role group, in menu order (invalid ones with valid=false)",
        response: { 200: ProgramList },
      },
    },
    async (req) => {
      const rows = await db.query<{
        pgm_no: string;
        pgm_nm: string;
        pgm_url: string;
        menu_url: string;
        menu_icon: string;
        valid: boolean;
      }>(
        `SELECT pgm_no, pgm_nm, pgm_url, menu_url, menu_icon, valid FROM programs
          WHERE trim(roles) = '*' OR $1 = ANY(string_to_array(replace(roles, ' ', ''), ','))
          ORDER BY sort_no, pgm_no`,
        [userOf(req).role],
      );
      return rows.map((r) => ({
        pgmNo: r.pgm_no,
        pgmNm: r.pgm_nm,
        pgmUrl: r.pgm_url,
        menuUrl: r.menu_url,
        menuIcon: r.menu_icon,
        valid: r.valid,
      }));
    },
  );

  app.get(
    COMMON_WIDGETS,
    {
      schema: {
        tags,
        security,
        summary: "The widgets with the caller's on/off flag (Y unless switched off)",
        response: { 200: WidgetList },
      },
    },
    async (req) => {
      const rows = await db.query<{ wdgt_id: string; wdgt_nm: string; wdgt_path: string; use_yn: 'Y' | 'N' }>(
        `SELECT w.wdgt_id, w.wdgt_nm, w.wdgt_path, coalesce(f.use_yn, 'Y') AS use_yn
           FROM widgets w LEFT JOIN widget_flags f ON f.wdgt_id = w.wdgt_id AND f.usr_id = $1
          ORDER BY w.sort_no, w.wdgt_id`,
        [userOf(req).usrId],
      );
      return rows.map((r) => ({
        wdgtId: r.wdgt_id,
        wdgtNm: r.wdgt_nm,
        wdgtPath: r.wdgt_path,
        useYn: r.use_yn === 'N' ? 'N' : 'Y',
      }));
    },
  );

  app.get(
    COMMON_MY_PORT,
    {
      schema: {
        tags,
        security,
        summary: "A port agent's own ports in order (the first is the default port); agents only",
        response: { 200: MyPortResponse },
      },
    },
    async (req) => {
      const user = userOf(req);
      if (!isAgent(user)) throw forbidden('Only port agents (user type 3) have own ports');
      return { myPortList: await myPorts(db, user.usrId) };
    },
  );
}
