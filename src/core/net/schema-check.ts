// Checks an answer against the shared TypeBox contract (src/core/contract) with the interpretive validator:
// the CSP forbids eval, so never the compiler. Used by the worker's sync jobs at the network boundary.
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Check } from './http.ts';

export function checkSchema<S extends TSchema>(schema: S): Check<Static<S>> {
  return (value) => (Value.Check(schema, value) ? (value as Static<S>) : null);
}
