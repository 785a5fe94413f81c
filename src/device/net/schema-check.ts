// Checks an answer against the shared TypeBox contract (src/core/contract) at the worker's network boundary, with
// TypeBox's JSON Schema checker (typebox/schema): interpretive, as the CSP forbids eval, and a third of the size of
// typebox/value's Value.Check (about 20 KB less of the worker on a first install) with the same verdicts
// (schema-check.test.ts compares the two over every schema of the contract).
import type { Static, TSchema } from 'typebox';
import { Check as checkJsonSchema } from 'typebox/schema';
import type { Check } from './http.ts';

export function checkSchema<S extends TSchema>(schema: S): Check<Static<S>> {
  return (value) => (checkJsonSchema(schema, value) ? (value as Static<S>) : null);
}
