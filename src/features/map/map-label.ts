// The map's accessible name (its SVG is one image to a screen reader): where the vessel is and where it heads.

const deg = (v: number, pos: string, neg: string) => `${Math.abs(v).toFixed(1)}° ${v >= 0 ? pos : neg}`;

/** e.g. "Map: QUAY HORIZON at 33.5° N 124.2° E, heading 164°"; without a fix, "Map: QUAY HORIZON, no position". */
export function mapLabel(
  name: string,
  lat: number | null | undefined,
  lon: number | null | undefined,
  heading?: number | null,
): string {
  if (lat === null || lat === undefined || lon === null || lon === undefined)
    return `Map: ${name}, no position`;
  const head = heading === null || heading === undefined ? '' : `, heading ${Math.round(heading) % 360}°`;
  return `Map: ${name} at ${deg(lat, 'N', 'S')} ${deg(lon, 'E', 'W')}${head}`;
}
