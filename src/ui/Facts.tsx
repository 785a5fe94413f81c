// A list of facts as label and value pairs (the `facts` style): the feeds' state, a user's facts, a device's.
import type { ReactNode } from 'react';

export type FactRow = readonly [label: string, value: ReactNode];

export function Facts({ rows, compact = false }: { rows: readonly FactRow[]; compact?: boolean }) {
  return (
    <dl className={compact ? 'facts facts--compact' : 'facts'}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
