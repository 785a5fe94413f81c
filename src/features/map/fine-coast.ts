// The fine (1:10m) coast for a close view: which tiles it covers, and their outlines, fetched once each (the service
// worker keeps them, so a coast seen once is there offline) and kept in memory for the page's life. A tile that
// cannot be had (offline and never fetched) is left to the world outline, and asked for again on the next view.
import { TILE_INDEX, tileUrl, WORLD_COAST } from 'virtual:quay-coast';
import { tilePaths, worldPath } from './coast.ts';

export type TileKind = 'sea' | 'land' | 'coast';

export const tileKind = (id: number): TileKind =>
  TILE_INDEX[id] === 'c' ? 'coast' : TILE_INDEX[id] === 'l' ? 'land' : 'sea';

let world: string | undefined;
/** The world outline at 1:110m as SVG path data (computed on first use, then kept). */
export const worldLandPath = () => (world ??= worldPath(WORLD_COAST));

export interface TileOutline {
  fill: string;
  coast: string;
}
const loaded = new Map<number, TileOutline>();
const asked = new Map<number, Promise<TileOutline | null>>();

export const loadedTile = (id: number) => loaded.get(id);

/** A coast tile's outline, or null when it cannot be had now. */
export function loadTile(id: number): Promise<TileOutline | null> {
  const known = asked.get(id);
  if (known) return known;
  const p = fetch(tileUrl(id))
    .then((r) => (r.ok ? (r.json() as Promise<unknown>) : null))
    .then((text) => {
      if (typeof text !== 'string') throw new Error('no tile');
      const outline = tilePaths(id, text);
      loaded.set(id, outline);
      return outline;
    })
    .catch(() => {
      asked.delete(id);
      return null;
    });
  asked.set(id, p);
  return p;
}
