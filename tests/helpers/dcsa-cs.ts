// The DCSA CS calls on the real server, as the tests of each call (tests/dcsa-cs-*.test.ts) make them: an answer
// checked against the standard's schema with its API-Version, a refusal in the standard's error body, API keys made by
// staff for a user, and every parameter sent each bad value in turn.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { expect } from 'vitest';
import { CS_VERSION, ErrorResponse } from '../../server/dcsa/cs-schemas.ts';
import type { TestServer } from './server.ts';
import { BAD_IN_URL } from './bad-input.ts';

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const errorValid = ajv.compile(ErrorResponse);
const KEYS = '/api/v2/app/admin/api-keys';

/** The route fuzz's bad values, and what a date or a lone surrogate adds for these calls. */
const BAD_VALUES = [...BAD_IN_URL, '%ED%A0%80', '2026-02-30', '9999-99-99'];

export function csCalls<T extends TSchema>(
  s: TestServer,
  path: string,
  answer: T,
  staff: () => Record<string, string>,
) {
  const valid = ajv.compile(answer);
  const get = (query: string, headers: Record<string, string> = staff()): Promise<LightMyRequestResponse> =>
    s.app.inject({ method: 'GET', url: `${path}${query}`, headers });

  /** A 200's body, checked against the standard's schema. */
  async function ok(query: string, headers?: Record<string, string>): Promise<Static<T>> {
    const res = await get(query, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['api-version']).toBe(CS_VERSION);
    const body = res.json<Static<T>>();
    expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
    return body;
  }

  /** A refusal: its status, the standard's error body and the parameter it names. */
  async function refused(query: string, status: number, headers?: Record<string, string>) {
    const res = await get(query, headers);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['api-version']).toBe(CS_VERSION);
    const body = res.json<ErrorResponse>();
    expect(errorValid(body), JSON.stringify(errorValid.errors)).toBe(true);
    expect(body.statusCode).toBe(status);
    return { res, body, property: body.errors[0]?.property, code: body.errors[0]?.errorCode };
  }

  /** Every page from a first query, following Next-Page-Cursor with the first page's parameters, as CS asks. */
  async function pages(query: string): Promise<Static<T>[]> {
    const out: Static<T>[] = [];
    let res = await get(query);
    for (let n = 0; n < 100; n++) {
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<Static<T>>();
      expect(valid(page)).toBe(true);
      out.push(page);
      const cursor = res.headers['next-page-cursor'];
      if (typeof cursor !== 'string') break;
      expect(cursor.length).toBeLessThanOrEqual(1024);
      res = await get(`${query}&cursor=${encodeURIComponent(cursor)}`);
    }
    return out;
  }

  /** Each parameter sent each bad value in turn, the others as `base`: the answers that were a 5xx. */
  async function fives(names: string[], base: Record<string, string>): Promise<string[]> {
    const out: string[] = [];
    for (const name of [...names, 'unknownParameter'])
      for (const bad of BAD_VALUES) {
        const rest = Object.entries(base).filter(([k]) => k !== name);
        const query = [...rest.map(([k, v]) => `${k}=${v}`), `${name}=${bad}`].join('&');
        const res = await get(`?${query}`);
        if (res.statusCode >= 500) out.push(`${name}=${bad.slice(0, 20)}: ${res.statusCode}`);
        else if (res.statusCode >= 400)
          expect(errorValid(res.json()), `${name}=${bad.slice(0, 20)}: ${res.body}`).toBe(true);
      }
    return out;
  }

  return { get, ok, refused, pages, fives };
}

/** A key staff make, acting for `usrId`: the Authorization header a partner's system sends. */
export async function keyFor(s: TestServer, usrId: string): Promise<Record<string, string>> {
  const res = await s.call('POST', KEYS, { as: 'staff', body: { label: 'partner', usrId } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json<{ key: string }>().key}` };
}
