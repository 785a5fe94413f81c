// The user administration's API (product.md#user-administration): administrators (role ADM00) list and find users,
// add one, change it, disable and enable it, and read the audit log. Thin: the rules are ../admin/users.ts's.
import type { FastifyRequest } from 'fastify';
import { userOf, type App } from '../context.ts';
import { mutate } from '../http/mutation.ts';
import { forbidden } from '../http/errors.ts';
import { auditEntries, listUsers, oneUser } from '../admin/user-read.ts';
import { addUser, changeUser, disableUser, enableUser, type Acting } from '../admin/users.ts';
import { ApiError } from '../../src/core/contract/common.ts';
import { isAdmin } from '../../src/core/admin-role.ts';
import {
  AdminUser,
  AdminUserList,
  AdminUserParams,
  AdminUserQuery,
  AuditList,
  AuditQuery,
  NewUserBody,
  UserChangeBody,
} from '../../src/core/contract/admin-users.ts';
import {
  ADMIN_AUDIT,
  ADMIN_USER,
  ADMIN_USER_DISABLE,
  ADMIN_USER_ENABLE,
  ADMIN_USERS,
} from '../../src/core/contract/api.ts';

const tags = ['admin'];
const security = [{ token: [] }];
const ADMINS_ONLY = 'Administrators only (role ADM00); others get 403';

const acting = (req: FastifyRequest): Acting => {
  const user = userOf(req);
  return { actor: user.usrId, usrId: user.usrId };
};

export async function adminUserRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  // Before the body is read: a caller who is no administrator learns nothing of the rules, only that it may not.
  app.addHook('onRequest', async (req) => {
    if (!isAdmin(userOf(req))) throw forbidden('Only administrators (role ADM00) administer users');
  });

  app.get(
    ADMIN_USERS,
    {
      schema: {
        tags,
        security,
        summary:
          'Users by id, at most 200 (`more` says there were more): q finds text in the id, name or email, state ' +
          `is active (the default), disabled or all, type one user type. ${ADMINS_ONLY}`,
        querystring: AdminUserQuery,
        response: { 200: AdminUserList, 403: ApiError },
      },
    },
    async (req) => listUsers(db, req.query),
  );

  app.post(
    ADMIN_USERS,
    {
      schema: {
        tags,
        security,
        summary:
          'A new user. A vessel user (type 4) needs a known vslCd and gets VSL00; a port agent (type 3) gets ' +
          `AGT00 and its ports must be known. 409 when the id is taken. ${ADMINS_ONLY}`,
        body: NewUserBody,
        response: { 201: AdminUser, 400: ApiError, 403: ApiError, 409: ApiError },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => ({
        status: 201,
        body: await addUser(sql, acting(req), req.body),
      })),
  );

  app.get(
    ADMIN_USER,
    {
      schema: {
        tags,
        security,
        summary: `One user, disabled or not. ${ADMINS_ONLY}`,
        params: AdminUserParams,
        response: { 200: AdminUser, 403: ApiError, 404: ApiError },
      },
    },
    async (req) => oneUser(db, req.params.usrId),
  );

  app.patch(
    ADMIN_USER,
    {
      schema: {
        tags,
        security,
        summary:
          "Changes the fields sent (a field left out stays). A new type drops the old one's vessel or ports. " +
          'An administrator cannot take ADM00 from itself, nor from the last enabled administrator (409). ' +
          ADMINS_ONLY,
        params: AdminUserParams,
        body: UserChangeBody,
        response: { 200: AdminUser, 400: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => ({
        body: await changeUser(sql, acting(req), req.params.usrId, req.body),
      })),
  );

  app.post(
    ADMIN_USER_DISABLE,
    {
      schema: {
        tags,
        security,
        summary:
          'Disables a user: its sessions end, its live connections close on every instance, its push ' +
          'subscriptions go, and it cannot sign on. Not oneself, nor the last enabled administrator (409). ' +
          ADMINS_ONLY,
        params: AdminUserParams,
        response: { 200: AdminUser, 403: ApiError, 404: ApiError, 409: ApiError },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => ({
        body: await disableUser(sql, acting(req), req.params.usrId),
      })),
  );

  app.post(
    ADMIN_USER_ENABLE,
    {
      schema: {
        tags,
        security,
        summary: `Enables a disabled user: it may sign on again. ${ADMINS_ONLY}`,
        params: AdminUserParams,
        response: { 200: AdminUser, 403: ApiError, 404: ApiError },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => ({
        body: await enableUser(sql, acting(req), req.params.usrId),
      })),
  );

  app.get(
    ADMIN_AUDIT,
    {
      schema: {
        tags,
        security,
        summary:
          'The audit log, newest first: every change to a user, who made it and the values before and after. ' +
          `usrId keeps one user's; before pages back (nextBefore). ${ADMINS_ONLY}`,
        querystring: AuditQuery,
        response: { 200: AuditList, 403: ApiError },
      },
    },
    async (req) => auditEntries(db, req.query),
  );
}
