// Turns whatever a call threw (a typed worker error crosses Comlink as name + message) into what the error view shows.
import { ERROR_CATALOGUE, errorName, type ErrorName } from '../core/errors.ts';

export interface ShownError {
  /** The error's code of product.md#errors (unknown names become UnknownError). */
  name: ErrorName;
  /** The code's meaning in plain words, the view's heading. */
  heading: string;
  /** The catalogue's message for that code. */
  title: string;
  /** The server's or the cause's message, when it says more than the title. */
  detail: string;
  severity: 'warning' | 'error';
  /** The server knows nothing by the page's code (product.md#unknown-codes). */
  notFound?: true;
}

export function toShownError(err: unknown): ShownError {
  const raw = err instanceof Error ? err : new Error(String(err));
  const name = errorName(raw.name);
  const { heading, message: title, severity } = ERROR_CATALOGUE[name];
  const detail = raw.message && raw.message !== title ? raw.message : '';
  return { name, heading, title, detail, severity };
}
