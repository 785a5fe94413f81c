// The vessel's past calls (product.md#past-calls), folded away: opening the section asks for them once and keeps them
// on the device, so the page's everyday answers carry none and they show at sea once seen.
import { lazy, Suspense, useState } from 'react';

/** Loaded when the section is first opened; precached with the rest, so it opens at sea too. */
const PastCallList = lazy(() => import('./PastCallList.tsx'));

export function PastCalls({ vslCd }: { vslCd: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="card disclosure" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className="disclosure__summary">
        <h2 className="card__heading">Past calls</h2>
        <span className="muted">The last 10 before this voyage · times in UTC</span>
      </summary>
      {opened && (
        <Suspense fallback={<p className="muted">Opening…</p>}>
          <PastCallList vslCd={vslCd} />
        </Suspense>
      )}
    </details>
  );
}
