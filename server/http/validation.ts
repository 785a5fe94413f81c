// How requests are checked against their route's schema: query strings, path parameters and headers arrive as text
// and are read as the numbers and lists their schema names (coercion); a JSON body arrives typed and is taken as it
// is, so `{"evntSeq": true}` or `{"memo": ["x"]}` is refused with 400 instead of being turned into 1 or "x" and stored.
// The options are Fastify's own (its default compiler's), with the formats it adds.
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import fastUri from 'fast-uri';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { errorBody } from './errors.ts';

const OPTIONS: Options = {
  useDefaults: true,
  removeAdditional: false,
  uriResolver: fastUri,
  addUsedSchema: false,
  // More than the first error would let a crafted body cost more to check than to send.
  allErrors: false,
};

function ajv(options: Options): Ajv {
  const instance = new Ajv({ ...OPTIONS, ...options });
  addFormats.default(instance);
  return instance;
}

const fromText = ajv({ coerceTypes: 'array' });
const asSent = ajv({ coerceTypes: false });

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? asSent : fromText).compile(schema);

/** The first number in a request that is not finite (Infinity, 1e999, -Infinity), by where it is; null when none. */
function nonFinite(value: unknown, at: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : at;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const hit = nonFinite(v, `${at}[${i}]`);
      if (hit) return hit;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = nonFinite(v, `${at}.${k}`);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * After the schema check: a number that is not finite is refused. Ajv lets "Infinity" and "1e999" through when it
 * reads them from a query string, past the bounds that would stop them, and JSON reads 1e999 as Infinity; no column
 * holds one, so such a value would fail in SQL with a 500.
 */
export async function refuseNonFinite(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const hit =
    nonFinite(req.query, 'querystring') ?? nonFinite(req.params, 'params') ?? nonFinite(req.body, 'body');
  if (hit) await reply.code(400).send(errorBody(400, 'ValidationError', `${hit} must be a finite number`));
}
