// /common routes about the caller: who is signed on, page-view history, the drawer's programs, widgets and an agent's
// ports. The rows come from ../../users/profile.ts and ../../sync/datasets.ts.
import { userOf, type App } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { mutate } from '../../http/mutation.ts';
import { isAgent } from '../../../src/core/role.ts';
import { asLoggedUser, myPorts } from '../../sync/datasets.ts';
import { programs, recordPageView, widgetFlags } from '../../users/profile.ts';
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
        summary: 'The signed-on user (product.md#what-the-app-holds User)',
        response: { 200: LoggedUser },
      },
    },
    async (req) => asLoggedUser(userOf(req)),
  );

  app.put(
    COMMON_APPLICATION_HISTORY,
    {
      config: { opKind: 'history' },
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
        await recordPageView(sql, userOf(req).usrId, req.body);
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
    async (req) => programs(db, userOf(req).role),
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
    async (req) => widgetFlags(db, userOf(req).usrId),
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
