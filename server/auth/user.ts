// Who a request is from once its token is checked: the user the routes and the domain modules act for. A leaf
// (types only), so any module may name the user without importing the server's context and all it imports.
import type { RoleGroup } from '../../src/core/role.ts';

export interface AuthUser {
  usrId: string;
  usrNm: string;
  usrTpCd: string;
  usrRoleCd: string;
  ofcId: string;
  extUsrId: string;
  email: string;
  sid: string;
  role: RoleGroup;
}
