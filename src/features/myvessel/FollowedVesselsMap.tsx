// My Vessel's map: the followed vessels at their last fix on the offline world map, turned to their course. The map's
// code and land outline load only when this shows (LazyWorldMap), and it needs no network.
import { useMemo } from 'react';
import type { FleetVessel } from '../../core/contract/vessel.ts';
import { LazyWorldMap, type MapMarker } from '../map/LazyWorldMap.tsx';

/** The map's markers: the followed vessels that have a position, heading from their course over ground. */
function followedMarkers(vessels: readonly FleetVessel[]): MapMarker[] {
  return vessels.flatMap((v) =>
    v.lat === null || v.lon === null
      ? []
      : [
          {
            id: v.vslCd,
            lat: v.lat,
            lon: v.lon,
            heading: v.hdg ?? v.cog,
            label: v.vslNm,
            href: `/vessel/${v.vslCd}`,
          },
        ],
  );
}

export function FollowedVesselsMap({ vessels }: { vessels: readonly FleetVessel[] }) {
  // The same markers keep the same array, so a re-render (the clock, a live query) leaves the map alone.
  const key = JSON.stringify(followedMarkers(vessels));
  const markers = useMemo(() => JSON.parse(key) as MapMarker[], [key]);
  if (markers.length === 0) return null;
  const count = markers.length === 1 ? '1 vessel' : `${markers.length} vessels`;
  return (
    <section className="card" aria-labelledby="followed-map-heading">
      <h2 id="followed-map-heading" className="card__heading">
        Map
      </h2>
      <LazyWorldMap markers={markers} label={`Map of the ${count} you follow at their last position`} />
      <p className="world-map__legend muted">Last positions, pointing the way each vessel goes</p>
    </section>
  );
}
