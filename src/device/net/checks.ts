// Shape checks for the sign-on answers (product.md#the-calls, src/core/contract/common.ts): nothing from the network is trusted unchecked.
import type { LoggedUser } from '../../core/contract/common.ts';
import { REFRESH_LOSSES, type SessionLoss } from '../../core/contract/session-loss.ts';
import type { Check } from './http.ts';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string';

/** GET /IBP_REFRESH.do: {Result: 'Ok', token} or {Result: 'Fail'}. */
export const checkRefresh: Check<{ token: string | null; reason?: SessionLoss }> = (v) => {
  if (!isRecord(v)) return null;
  if (v.Result === 'Ok' && str(v.token) && v.token.length > 0) return { token: v.token };
  if (v.Result === 'Fail') {
    const reason = REFRESH_LOSSES.find((r) => r === v.reason);
    return reason ? { token: null, reason } : { token: null };
  }
  return null;
};

/** GET /IBP_REFRESH.do?f_cmd=11: {Result: 'Ok'}. */
export const checkLogout: Check<true> = (v) => (isRecord(v) && v.Result === 'Ok' ? true : null);

/** GET /common/logged-user: identity fields must be strings; optional ones may come as null and become ''. */
export const checkLoggedUser: Check<LoggedUser> = (v) => {
  if (!isRecord(v) || !str(v.usrId) || !str(v.usrNm) || !str(v.usrTpCd) || !str(v.usrRoleCd)) return null;
  const opt = (x: unknown) => (str(x) ? x : x == null ? '' : null);
  const ofcId = opt(v.ofcId);
  const extUsrId = opt(v.extUsrId);
  const email = opt(v.email);
  if (ofcId === null || extUsrId === null || email === null) return null;
  return {
    usrId: v.usrId,
    usrNm: v.usrNm,
    usrTpCd: v.usrTpCd,
    usrRoleCd: v.usrRoleCd,
    ofcId,
    extUsrId,
    email,
  };
};
