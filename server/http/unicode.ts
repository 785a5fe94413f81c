// Text that is not valid Unicode is refused where it enters (architecture.md#text-that-is-not-valid-unicode): a body that is not UTF-8, and a
// lone UTF-16 surrogate (JSON's "\ud800") anywhere in a request, with a 400 that names the field.
import { Transform, type Readable } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { errorBody, HttpError } from './errors.ts';

/** A lone surrogate: in a `u` regular expression a surrogate pair is one code point, so only an unpaired one is Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

export const holdsLoneSurrogate = (s: string): boolean => LONE_SURROGATE.test(s);

/** The refusal's wording, the same for HTTP and STOMP. */
export const notUnicode = (field: string, why: string): string =>
  `${field} must be text of valid Unicode (${why})`;
export const LONE = 'it holds a lone surrogate';
export const NOT_UTF8 = 'it is not valid UTF-8';
const BAD_ESCAPES = 'its percent-escapes are not UTF-8';

/** Whether URL text decodes: decodeURIComponent refuses escapes that are not UTF-8, surrogates' included. */
function decodes(raw: string): boolean {
  try {
    decodeURIComponent(raw);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first query parameter whose percent-escapes are not UTF-8 (`?x=%ED%A0%80`, `?x=%FF`): Fastify's query parser
 * keeps such a value as written, so the server would read the escape's characters instead of what was meant.
 */
function badQuery(url: string): string | null {
  const at = url.indexOf('?');
  if (at === -1) return null;
  for (const pair of url.slice(at + 1).split('&')) {
    const eq = pair.indexOf('=');
    const key = (eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
    if (!decodes(key)) return notUnicode(`querystring key ${JSON.stringify(key.slice(0, 100))}`, BAD_ESCAPES);
    if (eq !== -1 && !decodes(pair.slice(eq + 1).replace(/\+/g, ' ')))
      return notUnicode(`querystring.${decodeURIComponent(key)}`, BAD_ESCAPES);
  }
  return null;
}

/**
 * The first text in a value that holds a lone surrogate, as a message naming it; null when none. Keys are checked
 * before their values. Iterative, so a deeply nested body cannot overflow the stack.
 */
function illFormedText(value: unknown, at: string): string | null {
  const stack: [unknown, string][] = [[value, at]];
  while (stack.length > 0) {
    const [v, where] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (holdsLoneSurrogate(v)) return notUnicode(where, LONE);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${where}[${i}]`]);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      // JSON.stringify writes a lone surrogate as \udXXX, so the message itself stays valid text.
      for (const [k] of entries)
        if (holdsLoneSurrogate(k)) return notUnicode(`${where} key ${JSON.stringify(k)}`, LONE);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i] as [string, unknown];
        stack.push([child, `${where}.${k}`]);
      }
    }
  }
  return null;
}

/**
 * Before the schema check, every part of a request: the query string as sent, then path parameters, query string,
 * headers and the parsed body as read.
 * Node gives headers as Latin-1 and URL decoding refuses a surrogate, so in practice the hit is a JSON escape; the
 * check is the same everywhere, so that no part can let one reach the database (where jsonb refuses it with an
 * error, and text stores U+FFFD in its place).
 */
export async function refuseIllFormedText(req: FastifyRequest): Promise<void> {
  const hit =
    badQuery(req.url) ??
    illFormedText(req.params, 'params') ??
    illFormedText(req.query, 'querystring') ??
    illFormedText(req.headers, 'headers') ??
    illFormedText(req.body, 'body');
  // Thrown, not sent: the route's own error handler words it (the DCSA calls answer in the standard's error body).
  if (hit) throw new HttpError(400, 'ValidationError', hit);
}

/**
 * A body's bytes are checked as UTF-8 on their way to the parser: without this, the JSON and form parsers decode
 * invalid bytes to U+FFFD and the change is silent. The bytes pass unchanged (the body limit still counts them);
 * the first invalid sequence ends the body with a 400. The server takes no binary body.
 */
export async function refuseInvalidUtf8(
  req: FastifyRequest,
  _reply: FastifyReply,
  payload: Readable,
): Promise<Readable> {
  if (req.method === 'GET' || req.method === 'HEAD') return payload; // Fastify reads no body for these
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const refuse = (done: (err: Error) => void) => {
    // The rest of the body is read and dropped, as Fastify does with one too large: the connection stays usable.
    payload.unpipe(check);
    payload.resume();
    done(new HttpError(400, 'ValidationError', notUnicode('body', NOT_UTF8)));
  };
  const check: Transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        return refuse(done);
      }
      done(null, chunk);
    },
    flush(done) {
      try {
        decoder.decode(); // a sequence cut off at the end
      } catch {
        return refuse(done);
      }
      done();
    },
  });
  // Fastify listens for errors while it reads the body; this listener keeps a later one from being thrown. Not
  // pipeline(): it would destroy the request, and with it the socket the 400 goes out on.
  check.on('error', () => undefined);
  payload.on('error', (err) => check.destroy(err));
  // After a decompression, Fastify checks Content-Length against the bytes as sent, which the decompressing stream
  // counts: the check passes that count on.
  Object.defineProperty(check, 'receivedEncodedLength', {
    get: () => (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength,
  });
  return payload.pipe(check);
}

/**
 * A path whose percent-escapes are not UTF-8 (`/vessel/%ED%A0%80`) fails in Fastify's router, before any route is
 * found: its frameworkErrors handler answers with our error body, naming the parameter of the route the path would
 * have matched. The routes are collected as they are added (onRoute).
 */
export function badUrlAnswers(): {
  onRoute(route: RouteOptions): void;
  frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void;
} {
  const routes: { methods: string[]; segments: string[] }[] = [];
  /** The parameter of a route at the first segment that does not decode, as the field to name. */
  const field = (method: string, url: string): string => {
    const segments = (url.split('?')[0] ?? '').split('/');
    const bad = segments.findIndex((seg) => !decodes(seg));
    for (const route of routes) {
      if (route.segments.length !== segments.length || !route.methods.includes(method)) continue;
      const name = route.segments[bad];
      const fits = route.segments.every((seg, i) => i === bad || seg.startsWith(':') || seg === segments[i]);
      if (fits && name?.startsWith(':')) return `params.${name.slice(1)}`;
    }
    return 'the path';
  };
  return {
    onRoute(route) {
      routes.push({ methods: [route.method].flat(), segments: route.url.split('/') });
    },
    frameworkErrors(err, req, reply) {
      const status = err.code === 'FST_ERR_BAD_URL' ? 400 : (err.statusCode ?? 400);
      const message =
        err.code === 'FST_ERR_BAD_URL' ? notUnicode(field(req.method, req.url), BAD_ESCAPES) : err.message;
      void reply.code(status).send(errorBody(status, 'ValidationError', message));
    },
  };
}
