// Active tropical storms around `now`: two in the Western Pacific and one in the Bay of Bengal, each
// with a 5-day forecast track ({dt, lat, lon, windKts}).
import { HOUR, floorTo, iso } from '../time.ts';

export interface Storm {
  stormId: string;
  stormNm: string;
  category: string;
  obsDt: string;
  lat: number;
  lon: number;
  windKts: number;
  radiusNm: number;
  track: { dt: string; lat: number; lon: number; windKts: number }[];
}

type TrackPoint = [hours: number, lat: number, lon: number, windKts: number];

// prettier-ignore
const STORMS: [idPrefix: string, nm: string, category: string, radiusNm: number, track: TrackPoint[]][] = [
  ['WP', 'KROSA', 'Typhoon', 180, [[0, 17.8, 127.5, 95], [12, 18.4, 125.9, 100], [24, 19.1, 124.3, 105], [48, 20.4, 121.4, 90], [72, 21.4, 118.6, 80], [96, 22.1, 116.0, 65], [120, 22.6, 113.9, 45]]],
  ['WP', 'BAILU', 'Tropical Storm', 120, [[0, 14.2, 141.5, 45], [24, 16.0, 139.2, 55], [48, 18.5, 137.0, 65], [72, 22.0, 136.2, 70], [96, 26.0, 137.5, 60], [120, 30.5, 140.5, 50]]],
  ['BB', 'SENYAR', 'Severe Cyclonic Storm', 150, [[0, 12.5, 86.5, 65], [12, 13.4, 86.9, 70], [24, 14.5, 87.4, 75], [48, 16.8, 88.5, 70], [72, 19.4, 89.8, 55], [96, 21.6, 91.0, 35]]],
];

export function activeStorms(now: number): Storm[] {
  const obs = floorTo(now, 6 * HOUR);
  const yy = new Date(obs).getUTCFullYear() % 100;
  return STORMS.map(([prefix, stormNm, category, radiusNm, track], i) => {
    const [, lat, lon, windKts] = track[0] as TrackPoint;
    return {
      stormId: `${prefix}${yy}${String(27 + i).padStart(2, '0')}`,
      stormNm,
      category,
      obsDt: iso(obs),
      lat,
      lon,
      windKts,
      radiusNm,
      track: track
        .slice(1)
        .map(([h, la, lo, w]) => ({ dt: iso(obs + h * HOUR), lat: la, lon: lo, windKts: w })),
    };
  });
}
