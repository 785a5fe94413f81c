import { describe, expect, it } from 'vitest';
import { sharePage, webcalOf } from './share.ts';

const URL_ = 'https://quay.example/vessel/QHZN';

function fakeNav(share?: (data: ShareData) => Promise<void>) {
  const copied: string[] = [];
  return {
    copied,
    nav: {
      clipboard: { writeText: async (t: string) => void copied.push(t) } as unknown as Clipboard,
      ...(share ? { share } : {}),
    },
  };
}

describe('sharePage', () => {
  it('uses the share sheet where the browser has one, and copies nothing', async () => {
    const shared: ShareData[] = [];
    const { nav, copied } = fakeNav(async (d) => void shared.push(d));
    expect(await sharePage(URL_, 'QUAY HORIZON', nav)).toBe('shared');
    expect(shared).toEqual([{ title: 'QUAY HORIZON', url: URL_ }]);
    expect(copied).toEqual([]);
  });

  it('copies the address where there is no share sheet', async () => {
    const { nav, copied } = fakeNav();
    expect(await sharePage(URL_, 'x', nav)).toBe('copied');
    expect(copied).toEqual([URL_]);
  });

  it('takes a closed sheet as the answer, and copies when the sheet is refused otherwise', async () => {
    const abort = fakeNav(() => Promise.reject(Object.assign(new Error('closed'), { name: 'AbortError' })));
    expect(await sharePage(URL_, 'x', abort.nav)).toBe('cancelled');
    expect(abort.copied).toEqual([]);
    const refused = fakeNav(() =>
      Promise.reject(Object.assign(new Error('no gesture'), { name: 'NotAllowedError' })),
    );
    expect(await sharePage(URL_, 'x', refused.nav)).toBe('copied');
    expect(refused.copied).toEqual([URL_]);
  });
});

describe('webcalOf', () => {
  it('gives the webcal:// address of an http or https feed', () => {
    expect(webcalOf('https://q.example/cal/s/port/SGSIN.ics')).toBe(
      'webcal://q.example/cal/s/port/SGSIN.ics',
    );
    expect(webcalOf('http://localhost:8080/cal/s/vessel/QHZN.ics')).toBe(
      'webcal://localhost:8080/cal/s/vessel/QHZN.ics',
    );
  });
});
