// The "detected from AIS" mark on the screens that show actual times (product.md#the-app-as-a-user-meets-it): the
// vessel's calls (CallTimesGrid) and Port Live (TimeFacts), beside exactly the times the server says were detected.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CascadeCall } from '../../core/contract/vessel.ts';
import { TimeFacts } from '../ports/parts.tsx';
import { CallTimesGrid } from './CallTimesGrid.tsx';

const call: CascadeCall = {
  callSeq: 1,
  portCd: 'SGSIN',
  portNm: 'Singapore',
  cntCd: 'SG',
  ydCd: null,
  ydNm: null,
  eta: '2026-11-20T10:00:00.000Z',
  etb: '2026-11-20T14:00:00.000Z',
  etd: '2026-11-21T10:00:00.000Z',
  ata: '2026-11-20T10:12:00.000Z',
  atb: '2026-11-20T13:40:00.000Z',
  atd: null,
  skipYn: 'N',
  pfEta: null,
  etaDelayHrs: null,
  isCurrent: true,
};

/** The label of each time and whether the mark follows it, in the order shown. */
function marks(html: string): [string, boolean][] {
  return [...html.matchAll(/<dt>(\w+)<\/dt><dd>(.*?)<\/dd>/g)].map((m) => [
    m[1] ?? '',
    (m[2] ?? '').includes('detected from AIS'),
  ]);
}

describe('the detected-from-AIS mark', () => {
  it("marks the vessel's detected times in words, and no other", () => {
    const html = renderToStaticMarkup(<CallTimesGrid call={{ ...call, fromAis: ['atb'] }} delay={false} />);
    expect(marks(html)).toEqual([
      ['ATA', false],
      ['ATB', true],
      ['ETD', false],
    ]);
    expect(marks(renderToStaticMarkup(<CallTimesGrid call={call} delay={false} />))).toEqual([
      ['ATA', false],
      ['ATB', false],
      ['ETD', false],
    ]);
  });

  it('marks them on Port Live; never on an estimate', () => {
    const html = renderToStaticMarkup(<TimeFacts call={{ ...call, fromAis: ['ata', 'atd'] }} />);
    expect(marks(html)).toEqual([
      ['ATA', true],
      ['ATB', false],
      ['ETD', false],
    ]);
  });
});
