// The world map as pages use it: its code and the land outline load only when a page shows a map (React.lazy), so
// they stay out of the first page's JavaScript; until then a box of the same size holds the place.
import { lazy, Suspense } from 'react';
import type { WorldMapProps } from './WorldMap.tsx';

const WorldMap = lazy(() => import('./WorldMap.tsx'));

export type { MapMarker, MapPort, MapTrack, WorldMapProps } from './WorldMap.tsx';

export function LazyWorldMap(props: WorldMapProps) {
  return (
    <Suspense
      fallback={
        <div className="world-map world-map--loading">
          <span className="muted">Loading the map…</span>
        </div>
      }
    >
      <WorldMap {...props} />
    </Suspense>
  );
}
