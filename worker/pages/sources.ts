// Where each page's data comes from (DESIGN.md §6): the server path for a code and the check of its answer at the
// client's boundary. One entry per kind; the window asks by kind and code, the worker fetches and keeps it.
import type { Static, TSchema } from 'typebox';
import { VesselCurrent } from '../../src/core/contract/vessel.ts';
import type { Check } from '../../src/core/net/http.ts';
import { checkSchema } from '../../src/core/net/schema-check.ts';

const API = '/api/v2/app';
const enc = encodeURIComponent;

interface Source<S extends TSchema> {
  path: (code: string) => string;
  schema: S;
  /** How long an answer counts as current: a page opened again within this asks the server nothing. */
  freshMs: number;
}

const source = <S extends TSchema>(
  path: (code: string) => string,
  schema: S,
  freshMs = 60_000,
): Source<S> => ({
  path,
  schema,
  freshMs,
});

export const PAGE_SOURCES = {
  /** The vessel page's header: identity, newest AIS state, voyage, previous and next port. */
  vessel: source((vslCd) => `${API}/vessel/current?vslCd=${enc(vslCd)}`, VesselCurrent),
};

export type PageKind = keyof typeof PAGE_SOURCES;
export type PageDataOf<K extends PageKind> = Static<(typeof PAGE_SOURCES)[K]['schema']>;

const checks = new Map<PageKind, Check<unknown>>();
export function checkOf(kind: PageKind): Check<unknown> {
  let check = checks.get(kind);
  if (!check) {
    check = checkSchema(PAGE_SOURCES[kind].schema as TSchema) as Check<unknown>;
    checks.set(kind, check);
  }
  return check;
}

export const pageKey = (kind: PageKind, code: string): string => `${kind}:${code}`;
