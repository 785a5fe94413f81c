// The schema of bounded free text, shared by the contract's modules and the server's routes. A function, so it lives
// apart from common.ts, which the build turns into plain JSON Schema (vite.config.ts, contractAsData).
import { Type } from 'typebox';

/** The pattern of free text: anything but NUL (PostgreSQL text cannot hold it). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

/** Free text of a bounded length; NUL characters are refused (PostgreSQL text cannot hold them). */
export const Text = (minLength: number, maxLength: number, description?: string) =>
  Type.String({ minLength, maxLength, pattern: NO_NUL_PATTERN, ...(description ? { description } : {}) });
