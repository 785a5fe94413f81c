// API contract of the user administration (architecture.md#people): administrators (role ADM00) list and find users,
// add one, set its type, roles, vessel and ports, disable and enable it, and read the audit log. The same rules serve
// the app's screens and `npm run admin`.
import { Type, type Static } from 'typebox';
import { IsoDate, NullableIsoDate } from './common.ts';
import { Text } from './text.ts';

/** A user id as an administrator types it: letters, digits and . _ - @, as the identity providers' names are. */
const UsrId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._@-]*$',
  description: 'the user id, e.g. j.smith or master.qhzn',
});

/** User types (product.md#who-uses-it), each with the words the screens show. */
export const USER_TYPES = [
  { code: '2', label: 'Staff' },
  { code: '3', label: 'Port agent' },
  { code: '4', label: 'Vessel' },
  { code: '5', label: 'Operator (vessel search only)' },
  { code: '6', label: 'Viewer (vessel search only)' },
  { code: '1', label: 'Shore user' },
] as const;
export const UserType = Type.Union(
  [
    Type.Literal('2'),
    Type.Literal('3'),
    Type.Literal('4'),
    Type.Literal('5'),
    Type.Literal('6'),
    Type.Literal('1'),
  ],
  {
    description:
      '2 staff, 3 port agent, 4 vessel, 5 operator and 6 viewer (vessel search only), 1 other shore user',
  },
);

/** Role codes (product.md#who-uses-it), each with its words; ADM00 administers users. */
export const ROLES = [
  { code: 'VSL00', label: 'Vessel' },
  { code: 'NAV00', label: 'Operator' },
  { code: 'NAV01', label: 'Operator (second)' },
  { code: 'AGT00', label: 'Port agent' },
  { code: 'ADM00', label: 'Administrator' },
] as const;
export const RoleCode = Type.Union([
  Type.Literal('VSL00'),
  Type.Literal('NAV00'),
  Type.Literal('NAV01'),
  Type.Literal('AGT00'),
  Type.Literal('ADM00'),
]);

const Code = Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Z0-9]+$' });

export const AdminUser = Type.Object({
  usrId: Type.String(),
  usrNm: Type.String(),
  usrTpCd: Type.String(),
  roles: Type.Array(Type.String()),
  /** The vessel of a vessel user (type 4), null for others. */
  vslCd: Type.Union([Type.String(), Type.Null()]),
  /** The office of a shore user; a vessel user's ofcId is its vessel. */
  ofcId: Type.String(),
  /** An agent's own ports (type 3), empty for others. */
  ports: Type.Array(Type.String()),
  email: Type.String(),
  /** Whether the user has a local password (false: signs on through the OpenID provider only). */
  hasPassword: Type.Boolean(),
  /** The OpenID providers' issuers the user has signed on through. */
  identities: Type.Array(Type.String()),
  createdAt: IsoDate,
  disabledAt: NullableIsoDate,
  /** When any of its sessions was last seen, null if never. */
  lastSeenAt: NullableIsoDate,
  /** Its sessions live now. */
  liveSessions: Type.Integer({ minimum: 0 }),
});
export type AdminUser = Static<typeof AdminUser>;

export const AdminUserQuery = Type.Object({
  /** Matched against the id, name and email, case-insensitive; all users when empty. */
  q: Type.Optional(Text(0, 100)),
  state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled'), Type.Literal('all')])),
  type: Type.Optional(UserType),
});
export type AdminUserQuery = Static<typeof AdminUserQuery>;

/** At most this many users per answer, ordered by id; `more` says there were more. */
export const ADMIN_USER_PAGE = 200;
export const AdminUserList = Type.Object({ users: Type.Array(AdminUser), more: Type.Boolean() });
export type AdminUserList = Static<typeof AdminUserList>;

export const AdminUserParams = Type.Object({ usrId: UsrId });
export type AdminUserParams = Static<typeof AdminUserParams>;

/** What an administrator sets of a user; on a change, a field left out is left as it is. */
const UserFields = {
  usrNm: Text(1, 100, 'the name people see'),
  usrTpCd: UserType,
  roles: Type.Array(RoleCode, { maxItems: 5, uniqueItems: true }),
  /** Required for a vessel user (type 4): the vessel it is. */
  vslCd: Type.Union([Code, Type.Null()]),
  ofcId: Type.String({ maxLength: 10, pattern: '^[A-Z0-9]*$' }),
  /** An agent's own ports (type 3): UN/LOCODEs of known ports. */
  ports: Type.Array(Code, { maxItems: 200, uniqueItems: true }),
  email: Type.String({ maxLength: 200, pattern: '^$|^[^\\s@]+@[^\\s@]+$' }),
  /** A local password (at least 10 characters); only where local passwords are on. */
  password: Text(10, 256),
};

export const NewUserBody = Type.Object(
  {
    usrId: UsrId,
    usrNm: UserFields.usrNm,
    usrTpCd: UserFields.usrTpCd,
    roles: Type.Optional(UserFields.roles),
    vslCd: Type.Optional(UserFields.vslCd),
    ofcId: Type.Optional(UserFields.ofcId),
    ports: Type.Optional(UserFields.ports),
    email: Type.Optional(UserFields.email),
    password: Type.Optional(UserFields.password),
  },
  { additionalProperties: false },
);
export type NewUserBody = Static<typeof NewUserBody>;

export const UserChangeBody = Type.Object(
  {
    usrNm: Type.Optional(UserFields.usrNm),
    usrTpCd: Type.Optional(UserFields.usrTpCd),
    roles: Type.Optional(UserFields.roles),
    vslCd: Type.Optional(UserFields.vslCd),
    ofcId: Type.Optional(UserFields.ofcId),
    ports: Type.Optional(UserFields.ports),
    email: Type.Optional(UserFields.email),
    password: Type.Optional(UserFields.password),
  },
  { additionalProperties: false },
);
export type UserChangeBody = Static<typeof UserChangeBody>;

export const AuditEntry = Type.Object({
  auditSeq: Type.Integer(),
  at: IsoDate,
  /** A staff member's user id, 'cli' (npm run admin) or 'sign-on' (an OpenID provider's claims). */
  actor: Type.String(),
  action: Type.String(),
  usrId: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditQuery = Type.Object({
  usrId: Type.Optional(UsrId),
  /** Entries older than this auditSeq (the next page); the newest when left out. */
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditList = Type.Object({
  entries: Type.Array(AuditEntry),
  /** The `before` of the next page, null at the oldest. */
  nextBefore: Type.Union([Type.Integer(), Type.Null()]),
});
export type AuditList = Static<typeof AuditList>;
