// Carriers (lines) of the demo world, with the badge colours the search results show (product.md#screens-and-routes).

export interface Carrier {
  crrCd: string;
  crrNm: string;
  /** crrBgColrVal / crrFgColrVal: contrast of at least 4.5:1. */
  bgColr: string;
  fgColr: string;
}

export const CARRIERS: readonly Carrier[] = [
  { crrCd: 'QLN', crrNm: 'Quay Line', bgColr: '#0B2545', fgColr: '#FFFFFF' },
  { crrCd: 'NSL', crrNm: 'Nordic Star Line', bgColr: '#00594F', fgColr: '#FFFFFF' },
  { crrCd: 'ORC', crrNm: 'Orient Crescent Shipping', bgColr: '#7F1D1D', fgColr: '#FDE68A' },
  { crrCd: 'PCX', crrNm: 'Pacifica Container Express', bgColr: '#C2410C', fgColr: '#FFFFFF' },
  { crrCd: 'ATL', crrNm: 'Atlas Maritime', bgColr: '#1D4ED8', fgColr: '#FFFFFF' },
  { crrCd: 'SCL', crrNm: 'Southern Cross Line', bgColr: '#FACC15', fgColr: '#1F2937' },
];
