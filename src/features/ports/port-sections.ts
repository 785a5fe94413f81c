// The sections of Port Live in the order a port call runs: expected, at anchor (arrived, not yet berthed), alongside
// (berthed), departed. The server lists every arrived call not departed as one list; the page splits it here.
import type { PortCall, PortLive } from '../../core/contract/port.ts';

export type Section = 'expected' | 'atAnchor' | 'alongside' | 'departed';

export const SECTIONS: readonly { key: Section; title: string; empty: string }[] = [
  { key: 'expected', title: 'Expected', empty: 'No vessel is expected in the next 7 days.' },
  { key: 'atAnchor', title: 'At anchor', empty: 'No vessel is waiting to berth.' },
  { key: 'alongside', title: 'Alongside', empty: 'No vessel is at a berth.' },
  { key: 'departed', title: 'Departed', empty: 'No vessel left in the last 48 hours.' },
];

/** The port's calls by section: an arrived call with no berthing time (ATB) is still at anchor. */
export function portSections(
  live: Pick<PortLive, 'expected' | 'alongside' | 'departed'>,
): Record<Section, PortCall[]> {
  return {
    expected: live.expected,
    atAnchor: live.alongside.filter((c) => !c.atb),
    alongside: live.alongside.filter((c) => c.atb),
    departed: live.departed,
  };
}
