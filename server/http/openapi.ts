// The OpenAPI document's last pass (@fastify/swagger's transformObject): what each operation gets from where it lives
// and what it takes, so that a new route gets it too: its operationId, its security, its error answers, 3.1 tuples.
import { SESSION_COOKIE, SESSION_COOKIE_PATH } from '../auth/sessions.ts';
import { TOKEN_HEADER } from '../auth/guard.ts';
import { ApiError } from '../../src/core/contract/common.ts';
import { API_BASE, CHAT_PREFIX } from '../../src/core/contract/api.ts';

type Json = Record<string, unknown>;
type Security = Record<string, string[]>[];

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, unknown>;
  security?: Security;
}

interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
  servers?: unknown[];
}

/** The credentials a route may take (the swagger options' components: a route's security names them). */
export const securitySchemes = {
  token: {
    type: 'apiKey',
    in: 'header',
    name: TOKEN_HEADER.toUpperCase(),
    description: `The short-lived token of GET ${SESSION_COOKIE_PATH}; every ${API_BASE} call needs it`,
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: `The sign-on session, set by POST /sso/login and sent only to ${SESSION_COOKIE_PATH}`,
  },
} as const;

// The body every error answer has (errors.ts errorBody), once in components; without its $id, which under 2020-12
// would be a URI of its own.
const errorSchema: Json = { ...ApiError };
delete errorSchema.$id;
const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

const ERRORS: Record<number, string> = {
  400: 'a parameter or the body breaks its schema or a rule; the message names the field',
  401: `the ${TOKEN_HEADER.toUpperCase()} header is missing, malformed or expired, or its session has ended`,
  403: "the caller's role or scope does not allow it (product.md#who-may-do-what); the message says why",
  404: 'a thing the call names (a code, a number, a secret) was not found; the message names it',
};

/**
 * Fields whose value the server looks up and answers 404 for when there is none (vessels, ports, lanes, countries,
 * widgets, notifications, chat rooms and messages, events), wherever they come: path, query or body.
 */
const LOOKED_UP = new Set([
  'vslCd',
  'portCd',
  'fromPortCd',
  'toPortCd',
  'laneCd',
  'cntCd',
  'wdgtId',
  'notSeq',
  'roomId',
  'msgSeq',
  'evntSeq',
]);

/**
 * Role checks that are not the vessel scope or the chat gate (below): each route's own, as its handler or the
 * module it calls says (agents only, the vessel's users only, read-only types 5 and 6, a device of another user).
 */
const ROLE_CHECKED = new Set([
  `GET ${API_BASE}/common/my-port`,
  `POST ${API_BASE}/common/event/remark`,
  `POST ${API_BASE}/notification/settings`,
  `POST ${API_BASE}/notification/user/subscription`,
  `POST ${API_BASE}/notification/user/logged-user`,
  `POST ${API_BASE}/notification/alert-rule/delete`,
  `PUT ${API_BASE}/notification/ack/{notSeq}`,
  `GET ${SESSION_COOKIE_PATH}`,
]);

/** getVesselAisHistory from GET /api/v2/app/vessel/ais-history: stable, as the method and path are. */
function operationIdOf(method: string, path: string): string {
  const rest = path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path.replace(/^\/api\//, '/');
  const words = rest
    .split('/')
    .filter(Boolean)
    .flatMap((seg) => {
      const param = /^\{(.+)\}$/.exec(seg);
      const parts = (param ? param[1] : seg)?.split(/[^A-Za-z0-9]+/).filter(Boolean) ?? [];
      return param ? ['By', ...parts] : parts;
    })
    .map((w) => (/^[A-Z0-9]+$/.test(w) ? w.toLowerCase() : w))
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join('');
}

/**
 * Who may call: the token guard runs on every route under API_BASE (app.ts); the session cookie is sent only to
 * SESSION_COOKIE_PATH, which turns it into a token, signs out with either, and answers "Fail" to neither; the rest
 * (the calendar feeds, whose secret is in the address, and the dev routes) take no credential.
 */
function securityOf(path: string): Security {
  if (path.startsWith(`${API_BASE}/`)) return [{ token: [] }];
  if (path === SESSION_COOKIE_PATH) return [{ session: [] }, { token: [] }, {}];
  return [];
}

/** The names an operation takes: its path and query parameters and its JSON body's top-level fields. */
function fieldsOf(op: Operation): string[] {
  const body = op.requestBody?.content?.['application/json']?.schema?.properties;
  return [
    ...(op.parameters ?? []).map((p) => p.name),
    ...(body && typeof body === 'object' ? Object.keys(body) : []),
  ];
}

/** The 4xx answers an operation can give, from what it takes and who may call it. */
function errorsOf(method: string, path: string, op: Operation): number[] {
  const guarded = path.startsWith(`${API_BASE}/`);
  const fields = fieldsOf(op);
  const out: number[] = [];
  if (fields.length > 0 || op.requestBody) out.push(400);
  if (guarded) out.push(401);
  // The vessel scope (a vessel user: its own vessel only) follows vslCd; chat is for users of chat-enabled lanes.
  if (
    ROLE_CHECKED.has(`${method.toUpperCase()} ${path}`) ||
    (guarded && (fields.includes('vslCd') || path.startsWith(`${API_BASE}${CHAT_PREFIX}/`)))
  )
    out.push(403);
  if (path.includes('{') || fields.some((f) => LOOKED_UP.has(f))) out.push(404);
  return out;
}

/** Keys whose values are data, not schemas: a tuple-looking array in an example stays as it is. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/**
 * TypeBox writes a tuple as draft-07 does (items: [...], additionalItems: false); OpenAPI 3.1 is JSON Schema
 * 2020-12, where that is prefixItems and items: false. A copy: the route schemas Fastify serializes with stay as
 * they are.
 */
function tuplesAsPrefixItems(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tuplesAsPrefixItems);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json))
    out[key] = DATA_KEYS.has(key) ? value : tuplesAsPrefixItems(value);
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    delete out.items;
    if (out.additionalItems !== undefined && out.additionalItems !== true) out.items = out.additionalItems;
    delete out.additionalItems;
  }
  return out;
}

/** The transformObject hook: the document as @fastify/swagger made it, finished (a copy). */
export function finishDocument(input: object): object {
  const doc = tuplesAsPrefixItems('openapiObject' in input ? input.openapiObject : {}) as Document;
  doc.servers ??= [{ url: '/', description: 'the server that serves this document' }];
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ApiError: errorSchema },
  };
  for (const [path, ops] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(ops)) {
      op.operationId ??= operationIdOf(method, path);
      op.security ??= securityOf(path);
      const responses = (op.responses ??= {});
      for (const status of errorsOf(method, path, op))
        responses[status] ??= {
          description: ERRORS[status],
          content: { 'application/json': { schema: ERROR_REF } },
        };
    }
  return doc;
}
