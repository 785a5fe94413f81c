// The vessel page's map section: the vessel at its last fix turned to its heading, its track of the last 48 hours
// and the next ports of its voyage, all from the device; the map's code loads only here (LazyWorldMap).
import { useMemo } from 'react';
import type { AisHistoryResponse, CascadeResponse, VesselCurrent } from '../../core/contract/vessel.ts';
import { LazyWorldMap, type MapMarker, type MapPort, type MapTrack } from '../map/LazyWorldMap.tsx';
import { mapLabel } from '../map/map-label.ts';
import { DataAge } from '../../ui/DataAge.tsx';
import type { PageData } from '../../state/use-page-data.ts';
import { currentCallIndex } from '../../core/current-call.ts';

/** How many of the ports ahead the map shows. */
const MAP_PORTS = 3;

/** The next calls not omitted and not yet left, with a position, as map ports. */
function portsAhead(cascade: CascadeResponse | null | undefined, max = MAP_PORTS): MapPort[] {
  if (!cascade) return [];
  const from = Math.max(0, currentCallIndex(cascade.calls));
  const out: MapPort[] = [];
  for (const c of cascade.calls.slice(from)) {
    if (out.length >= max) break;
    if (c.skipYn === 'Y' || c.atd || c.lat === undefined || c.lon === undefined) continue;
    out.push({ code: c.portCd, lat: c.lat, lon: c.lon, label: c.portCd });
  }
  return out;
}

export function VesselMap({
  vessel,
  track,
  cascade,
}: {
  vessel: VesselCurrent | null | undefined;
  track: PageData<AisHistoryResponse>;
  cascade: CascadeResponse | null | undefined;
}) {
  const markers = useMemo<MapMarker[]>(
    () =>
      vessel && vessel.lat !== null && vessel.lon !== null
        ? [
            {
              id: vessel.vslCd,
              lat: vessel.lat,
              lon: vessel.lon,
              heading: vessel.hdg ?? vessel.cog,
              label: vessel.vslNm,
              highlight: true,
              centre: vessel.navSts === 'MOORED',
            },
          ]
        : [],
    [vessel],
  );
  const tracks = useMemo<MapTrack[]>(
    () =>
      track.data && track.data.track.length > 1
        ? [{ id: track.data.vslCd, points: track.data.track.map((p) => [p.lat, p.lon]) }]
        : [],
    [track.data],
  );
  const ports = useMemo(() => portsAhead(cascade), [cascade]);
  const label = vessel ? mapLabel(vessel.vslNm, vessel.lat, vessel.lon, vessel.hdg ?? vessel.cog) : 'Map';

  return (
    <section className="card" aria-labelledby="map-heading">
      <h2 id="map-heading" className="card__heading">
        Map
      </h2>
      <DataAge syncedAt={track.syncedAt} loading={track.loading} error={track.error} />
      {vessel === undefined ? null : markers.length === 0 && ports.length === 0 ? (
        <p className="muted">No position on this device yet.</p>
      ) : (
        <LazyWorldMap markers={markers} tracks={tracks} ports={ports} label={label} />
      )}
      <p className="world-map__legend muted">
        Track of the last 48 hours
        {ports.length > 0 ? ` · next ports ${ports.map((p) => p.code).join(', ')}` : ''}
      </p>
    </section>
  );
}
