import { describe, expect, it } from 'vitest';
import { pageError } from './page-error.ts';

describe('pageError', () => {
  it("says there is no such port or service instead of the server's words for a code it refused or does not know", () => {
    const refused = pageError('portLive', 'XX1', {
      name: 'ValidationError',
      message: 'querystring.portCd must match pattern "^[A-Z]{2}[A-Z0-9]{3}$"',
    });
    expect(refused.detail).toBe('There is no port XX1.');
    expect(
      pageError('service', 'ZZZ', { name: 'NotFoundError', message: 'laneCd ZZZ was not found' }).detail,
    ).toBe('There is no service ZZZ.');
  });

  it('keeps what other failures say (no link, no permission)', () => {
    const timeout = pageError('vessel', 'QHZN', { name: 'TimeoutError', message: 'Request timed out.' });
    expect(timeout.name).toBe('TimeoutError');
    expect(timeout.title).toBe('Request timed out.');
    const forbidden = pageError('vessel', 'QHZN', { name: 'ForbiddenError', message: 'Not your vessel' });
    expect(forbidden.detail).toBe('Not your vessel');
  });
});
