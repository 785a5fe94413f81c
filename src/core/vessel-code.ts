// The vessel code fallback of product.md#input-and-formatting-rules: the user's vessel code, then the current one, then the stored IBIS_VSL_CD.
// Reading localStorage is the window's job; this module only decides the order.

/** localStorage key under which the window keeps the last vessel code. */
export const IBIS_VSL_CD_KEY = 'IBIS_VSL_CD';

export interface VesselCodeSources {
  userVesselCode?: string | null;
  currentVesselCode?: string | null;
  storedVesselCode?: string | null;
}

/** The first non-blank (trimmed) of the user's, the current and the stored vessel code, or null. */
export function resolveVesselCode(sources: VesselCodeSources): string | null {
  for (const v of [sources.userVesselCode, sources.currentVesselCode, sources.storedVesselCode]) {
    const s = (v ?? '').trim();
    if (s) return s;
  }
  return null;
}
