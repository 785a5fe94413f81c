// How a page says that its data could not be brought up to date.
import { toShownError, type ShownError } from '../ui/shown-error.ts';
import type { PageKind } from '../platform/worker-bridge.ts';

/** What a page's code names, in the words of "There is no …". */
const NAMED: Record<PageKind, string> = {
  vessel: 'vessel',
  cascade: 'vessel',
  track: 'vessel',
  pastCalls: 'vessel',
  portLive: 'port',
  portStatus: 'port',
  service: 'service',
  myVessels: 'fleet',
};

/**
 * The load's failure as the page says it. The server refusing the code (400) or knowing nothing by it (404) answers
 * in a developer's words ("querystring.portCd must match pattern …"); the page says there is no such port.
 */
export function pageError(
  kind: PageKind,
  code: string,
  error: { name: string; message: string },
): ShownError {
  const shown = toShownError(Object.assign(new Error(error.message), error));
  if (error.name !== 'ValidationError' && error.name !== 'NotFoundError') return shown;
  return { ...shown, detail: `There is no ${NAMED[kind]} ${code}.`, severity: 'warning', notFound: true };
}
