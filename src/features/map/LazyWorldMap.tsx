// The world map as pages use it: its code and the land outline load only when a page shows a map (React.lazy), so
// they stay out of the first page's JavaScript; until then a box of the same size holds the place. With Data saver
// on, the box offers "Load map" instead, and nothing is downloaded until the user asks.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useDataSaver } from '../meter/use-data-usage.ts';
import type { WorldMapProps } from './WorldMap.tsx';

const WorldMap = lazy(() => import('./WorldMap.tsx'));

export type { MapMarker, MapPort, MapTrack } from './scene.ts';
export type { WorldMapProps } from './WorldMap.tsx';

/** Asked for once in this page: its code is here now, so later maps cost nothing more. */
let mapLoaded = false;

function Placeholder({ children }: { children: ReactNode }) {
  return <div className="world-map world-map--loading">{children}</div>;
}

export function LazyWorldMap(props: WorldMapProps) {
  const saver = useDataSaver();
  const [asked, setAsked] = useState(mapLoaded);
  if (saver === undefined) return <Placeholder>{null}</Placeholder>;
  if (saver && !asked) {
    return (
      <div className="world-map world-map--held">
        <p className="muted">Data saver is on: the map waits for you.</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            mapLoaded = true;
            setAsked(true);
          }}
        >
          Load map
        </button>
      </div>
    );
  }
  mapLoaded = true;
  return (
    <Suspense fallback={<Placeholder>{<span className="muted">Loading the map…</span>}</Placeholder>}>
      <WorldMap {...props} />
    </Suspense>
  );
}
