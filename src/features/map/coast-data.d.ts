// The coast the build makes (vite.config.ts, coastTiles): see coast.ts and coast-build.ts.
declare module 'virtual:quay-coast' {
  /** The world's land at 1:110m as coast.ts's text. */
  export const WORLD_COAST: string;
  /** One character a tile: '.' all sea, 'l' all land, 'c' a coast (a file to fetch). */
  export const TILE_INDEX: string;
  /** Where a tile's file is served. */
  export function tileUrl(id: number): string;
}
