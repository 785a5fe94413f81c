// The schema of bounded free text, shared by the contract's modules and the server's routes. A function, so it lives
// apart from common.ts, which the build turns into plain JSON Schema (vite.config.ts, contractAsData).
import { Type } from 'typebox';

/** Free text of a bounded length; NUL characters are refused (PostgreSQL text cannot hold them). */
export const Text = (minLength: number, maxLength: number, description?: string) =>
  Type.String({ minLength, maxLength, pattern: '^[^\\u0000]*$', ...(description ? { description } : {}) });
