// The error catalogue of SPEC §8: the names a failed call carries from worker to window, and what the window shows.

export const ERROR_NAMES = [
  'UnknownError',
  'AuthenticationError',
  'JsonWebTokenError',
  'ForbiddenError',
  'TimeoutError',
] as const;
export type ErrorName = (typeof ERROR_NAMES)[number];

export interface CatalogueEntry {
  /** The user-facing message of SPEC §8. */
  message: string;
  /** Forbidden and timeout show a warning; the others an error. */
  severity: 'warning' | 'error';
}

export const ERROR_CATALOGUE: Record<ErrorName, CatalogueEntry> = {
  UnknownError: {
    message: 'This is a temporary error. Please try again in a few minutes.',
    severity: 'error',
  },
  AuthenticationError: { message: 'Authentication failed.', severity: 'error' },
  JsonWebTokenError: { message: 'Credentials are not valid.', severity: 'error' },
  ForbiddenError: { message: 'You do not have permission.', severity: 'warning' },
  TimeoutError: { message: 'Request timed out.', severity: 'warning' },
};

/** Any other name (a NotFoundError, a plain Error) falls back to UnknownError, the catalogue's default. */
export function errorName(name: string | undefined): ErrorName {
  return (ERROR_NAMES as readonly string[]).includes(name ?? '') ? (name as ErrorName) : 'UnknownError';
}
