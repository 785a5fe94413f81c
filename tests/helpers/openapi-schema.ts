// The JSON Schemas of the server's OpenAPI document as the route-walking tests read them, and a value each one
// accepts (as near as a generic walk gets), so that a test can send a valid request and change one field of it.

export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  /** One schema for every item; false after a tuple's own items (OpenAPI 3.1). */
  items?: JsonSchema | false;
  /** A tuple's items, one schema a position (OpenAPI 3.1; the document writes TypeBox's tuples so). */
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** The schema of each position of a valid array: a tuple's own, else `minItems` of the one item schema. */
export function itemSchemas(s: JsonSchema): (JsonSchema | undefined)[] {
  if (s.prefixItems) return s.prefixItems;
  return Array.from({ length: s.minItems ?? 0 }, () => s.items || undefined);
}

/** A value the schema accepts; a text with a pattern takes the first of `known` that matches it. */
export function validFor(s: JsonSchema | undefined, known: readonly string[]): unknown {
  if (!s) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return validFor(s.anyOf.find((b) => b.type !== 'null') ?? s.anyOf[0], known);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      // Within PostgreSQL's int4 when the schema sets no bound.
      return Math.min(s.maximum ?? 2 ** 31 - 1, Math.max(s.minimum ?? 1, 1));
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return itemSchemas(s).map((i) => validFor(i, known));
    case 'object':
      return Object.fromEntries(
        (s.required ?? []).map((name) => [name, validFor(s.properties?.[name], known)]),
      );
    default: {
      if (s.format === 'date-time') return '2026-11-26T00:00:00Z';
      const re = s.pattern ? new RegExp(s.pattern) : null;
      const hit = known.find((k) => (!re || re.test(k)) && k.length >= (s.minLength ?? 0));
      return hit ?? 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
  }
}
