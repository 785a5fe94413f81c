// /common routes of the caller's follow lists (my vessels, lanes, ports): the trade-lane and country-port trees
// with what is checked, and reading and replacing the lists (my-setting). The lists are ../../users/follow-lists.ts's.
import { userOf, type App } from '../../context.ts';
import { mutate } from '../../http/mutation.ts';
import { cntPortTree, readSetting, saveSetting, tradeLaneTree } from '../../users/follow-lists.ts';
import {
  CntPortQuery,
  CntPortTree,
  MySetting,
  MySettingBody,
  MySettingSaveResponse,
  TradeLaneQuery,
  TradeLaneTree,
} from '../../../src/core/contract/common.ts';
import {
  COMMON_CNT_PORT_TREE,
  COMMON_MY_SETTING,
  COMMON_TRADE_LANE_TREE,
} from '../../../src/core/contract/api.ts';

const tags = ['common'];
const security = [{ token: [] }];

export async function settingRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    COMMON_TRADE_LANE_TREE,
    {
      schema: {
        tags,
        security,
        summary:
          "Trades with their lanes, each checked when in the caller's lane list (relTpCd must be REL_USR_LANE)",
        querystring: TradeLaneQuery,
        response: { 200: TradeLaneTree },
      },
    },
    async (req) => tradeLaneTree(db, userOf(req).usrId, req.query.relTpCd),
  );

  app.get(
    COMMON_CNT_PORT_TREE,
    {
      schema: {
        tags,
        security,
        summary:
          "Countries with their ports, each checked when in the caller's port list (relTpCd must be REL_USR_PORT)",
        querystring: CntPortQuery,
        response: { 200: CntPortTree },
      },
    },
    async (req) => cntPortTree(db, userOf(req).usrId, req.query.relTpCd),
  );

  app.get(
    COMMON_MY_SETTING,
    {
      schema: {
        tags,
        security,
        summary: "The caller's followed vessels, lanes and ports, in order",
        response: { 200: MySetting },
      },
    },
    async (req) => readSetting(db, userOf(req).usrId),
  );

  app.put(
    COMMON_MY_SETTING,
    {
      config: { opKind: 'mySetting' },
      schema: {
        tags,
        security,
        summary:
          "Replace the caller's followed vessels, lanes and/or ports (only the lists sent), in the order sent",
        body: MySettingBody,
        response: { 200: MySettingSaveResponse },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => ({ body: await saveSetting(sql, userOf(req).usrId, req.body) })),
  );
}
