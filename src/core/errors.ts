// The error catalogue of product.md#errors: the names a failed call carries from worker to window, and what the window shows.

const ERROR_NAMES = [
  'UnknownError',
  'AuthenticationError',
  'JsonWebTokenError',
  'ForbiddenError',
  'TimeoutError',
] as const;
export type ErrorName = (typeof ERROR_NAMES)[number];

export interface CatalogueEntry {
  /** The heading a person reads: the code's meaning in plain words (the code itself is shown small beneath). */
  heading: string;
  /** The user-facing message of product.md#errors. */
  message: string;
  /** Forbidden and timeout show a warning; the others an error. */
  severity: 'warning' | 'error';
}

export const ERROR_CATALOGUE: Record<ErrorName, CatalogueEntry> = {
  UnknownError: {
    heading: 'Something went wrong',
    message: 'This is a temporary error. Please try again in a few minutes.',
    severity: 'error',
  },
  AuthenticationError: { heading: 'Signed out', message: 'Authentication failed.', severity: 'error' },
  JsonWebTokenError: {
    heading: 'Sign-on not valid',
    message: 'Credentials are not valid.',
    severity: 'error',
  },
  ForbiddenError: { heading: 'Not allowed', message: 'You do not have permission.', severity: 'warning' },
  TimeoutError: { heading: 'No answer in time', message: 'Request timed out.', severity: 'warning' },
};

/** Any other name (a NotFoundError, a plain Error) falls back to UnknownError, the catalogue's default. */
export function errorName(name: string | undefined): ErrorName {
  return (ERROR_NAMES as readonly string[]).includes(name ?? '') ? (name as ErrorName) : 'UnknownError';
}
