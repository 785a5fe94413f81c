// The world map's close view: the 1:10m coast of the tiles a view covers, fetched once and kept by the service worker
// (fine-coast.ts), drawn as each arrives; the rest shows the 1:110m world outline.
import { useEffect, useMemo, useState } from 'react';
import { TILE, tileBox, tilesOver } from './coast.ts';
import { loadedTile, loadTile, tileKind } from './fine-coast.ts';
import { WORLD } from './projection.ts';
import { toWorld, type Size, type View } from './view.ts';

/** A view at most this many world units across (16° of longitude) draws the fine coast. */
const FINE_SPAN = (16 / 360) * WORLD;

/** The fine coast's tiles a view covers, and those of them drawn now (the rest shows the world outline). */
export function useFineCoast(view: View | null, size: Size | null) {
  const [, setLoaded] = useState(0);
  const close = !!view && !!size && size.width / view.zoom <= FINE_SPAN;
  const ids = useMemo(() => {
    if (!close || !view || !size) return [];
    const [x0, y0] = toWorld(view, size, [0, 0]);
    const [x1, y1] = toWorld(view, size, [size.width, size.height]);
    return tilesOver({ x0, y0, x1, y1 });
  }, [close, view, size]);
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    const missing = key
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((id) => tileKind(id) === 'coast' && !loadedTile(id));
    for (const id of missing)
      void loadTile(id).then((t) => {
        if (t && live) setLoaded((n) => n + 1);
      });
    return () => {
      live = false;
    };
  }, [key]);
  const rect = (id: number) => {
    const b = tileBox(id);
    return `M${b.x0} ${b.y0}h${TILE}v${TILE}h${-TILE}Z`;
  };
  let covered = '';
  let land = '';
  let fill = '';
  let coast = '';
  for (const id of ids) {
    const kind = tileKind(id);
    const tile = kind === 'coast' ? loadedTile(id) : undefined;
    if (kind === 'coast' && !tile) continue;
    covered += rect(id);
    if (kind === 'land') land += rect(id);
    if (tile) {
      fill += tile.fill;
      coast += tile.coast;
    }
  }
  return { close, covered, land, fill, coast, tiles: ids.filter((id) => tileKind(id) === 'coast') };
}
