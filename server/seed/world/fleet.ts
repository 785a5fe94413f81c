// The fleet: 4-letter vessel codes, invented names, IMO numbers (valid check digit), call signs,
// flag, service, size (TEU consistent with length overall) and service speed in knots; the MMSI, beam and summer
// draught follow from these (particulars(), product.md#vessel-particulars).
import { laneByCode } from './lanes.ts';

export interface Vessel {
  vslCd: string;
  vslNm: string;
  imoNo: string;
  callSgn: string;
  flagCd: string;
  crrCd: string;
  laneCd: string;
  teu: number;
  builtYr: number;
  loaM: number;
  svcSpd: number;
  /** Maritime Mobile Service Identity: the flag's MID and six digits (the IMO number's last six). */
  mmsi: string;
  beamM: number;
  draughtM: number;
}

type Row = [
  vslCd: string,
  vslNm: string,
  imoNo: string,
  callSgn: string,
  flagCd: string,
  laneCd: string,
  teu: number,
  builtYr: number,
  loaM: number,
  svcSpd: number,
];

// prettier-ignore
const ROWS: Row[] = [
  ['QHZN', 'QUAY HORIZON', '9527582', 'D5KM6', 'LR', 'AEX', 20120, 2021, 399, 22.4],
  ['QMRD', 'QUAY MERIDIAN', '9618719', 'V7BU6', 'MH', 'AEX', 21200, 2024, 398, 23.2],
  ['QZNT', 'QUAY ZENITH', '9576430', 'V7KC4', 'MH', 'AEX', 23980, 2023, 400, 21.9],
  ['QSVN', 'QUAY SOVEREIGN', '9414826', 'D5GD4', 'LR', 'AEX', 23670, 2017, 398, 23.1],
  ['NRPL', 'NORDIC PEARL', '9362982', 'OYGN7', 'DK', 'AEN', 16540, 2016, 386, 23.0],
  ['NRSP', 'NORDIC SPIRIT', '9357341', 'OYKP9', 'DK', 'AEN', 17430, 2015, 397, 22.8],
  ['NRVL', 'NORDIC VALOUR', '9464223', 'OYAU6', 'DK', 'AEN', 14190, 2019, 368, 23.3],
  ['OCRS', 'ORIENT CRESCENT', '9341407', '9V6189', 'SG', 'AEM', 13780, 2015, 367, 23.3],
  ['OJAD', 'ORIENT JADE', '9466544', 'VRPJ6', 'HK', 'AEM', 14740, 2019, 373, 22.6],
  ['OPHX', 'ORIENT PHOENIX', '9244582', 'VRVX4', 'HK', 'AEM', 14160, 2012, 368, 23.4],
  ['PDWN', 'PACIFICA DAWN', '9302841', 'V7PA9', 'MH', 'TPX', 11000, 2014, 348, 23.2],
  ['PSNR', 'PACIFICA SUNRISE', '9527374', 'HPHT8', 'PA', 'TPX', 12900, 2021, 359, 22.6],
  ['PVOY', 'PACIFICA VOYAGER', '9336696', 'V7CE6', 'MH', 'TPX', 10780, 2015, 351, 23.0],
  ['PRNR', 'PACIFICA RAINIER', '9379416', 'V7CU4', 'MH', 'PNW', 9090, 2016, 335, 22.4],
  ['PSRA', 'PACIFICA SIERRA', '9095905', '5LFZ1', 'LR', 'PNW', 8840, 2007, 335, 22.1],
  ['PCAS', 'PACIFICA CASCADE', '9071909', 'V7GL3', 'MH', 'PNW', 9760, 2006, 343, 22.5],
  ['QBCN', 'QUAY BEACON', '9400239', 'HOGU1', 'PA', 'PEX', 12420, 2017, 356, 22.6],
  ['QEND', 'QUAY ENDEAVOUR', '9344978', 'H3UV3', 'PA', 'PEX', 12300, 2015, 359, 23.3],
  ['QFLC', 'QUAY FALCON', '9553555', 'V7HL4', 'MH', 'PEX', 11220, 2022, 353, 23.0],
  ['AHDS', 'ATLAS HUDSON', '9214812', 'SVYT4', 'GR', 'TAX', 8720, 2011, 334, 22.2],
  ['ALBT', 'ATLAS LIBERTY', '9146077', 'SVRK6', 'GR', 'TAX', 7930, 2008, 322, 21.7],
  ['AGLN', 'ATLAS GALLEON', '9589085', 'SVMH8', 'GR', 'TAX', 6610, 2023, 299, 21.4],
  ['ACRL', 'ATLAS CAROLINA', '9336220', 'SVSY4', 'GR', 'MUS', 5630, 2015, 283, 21.9],
  ['AMRS', 'ATLAS MARSEILLE', '9265653', 'HPSC6', 'PA', 'MUS', 7820, 2012, 318, 21.7],
  ['OLTS', 'ORIENT LOTUS', '9620774', 'VRAK8', 'HK', 'IAX', 1980, 2024, 183, 18.7],
  ['OLNT', 'ORIENT LANTERN', '9339583', 'HPTD1', 'PA', 'IAX', 2430, 2015, 200, 19.0],
  ['OSLK', 'ORIENT SILK', '9321122', '9V7770', 'SG', 'IAX', 2680, 2014, 207, 19.7],
  ['SSKR', 'SOUTHERN SAKURA', '9523603', '9V3998', 'SG', 'CJK', 1870, 2021, 181, 18.9],
  ['SGKG', 'SOUTHERN GINKGO', '9086033', 'H9RC9', 'PA', 'CJK', 2100, 2006, 184, 19.1],
  ['OSPH', 'ORIENT SAPPHIRE', '9262936', 'VRBJ2', 'HK', 'AMX', 8260, 2012, 323, 21.7],
  ['ODRG', 'ORIENT DRAGON', '9281114', 'VRYW5', 'HK', 'AMX', 9070, 2013, 337, 22.9],
  ['OMNS', 'ORIENT MONSOON', '9274020', '9V4579', 'SG', 'AMX', 8970, 2013, 336, 22.3],
  ['SIND', 'SOUTHERN INDUS', '9484182', 'VRXA6', 'HK', 'CIX', 8590, 2020, 330, 22.6],
  ['SBGL', 'SOUTHERN BENGAL', '9615274', 'D7ZN4', 'KR', 'CIX', 7640, 2024, 317, 21.8],
  ['SMNR', 'SOUTHERN MONARCH', '9370886', 'VRCY3', 'HK', 'CIX', 7260, 2016, 311, 21.5],
  ['NRTD', 'NORDIC TIDE', '9370094', 'DDMD3', 'DE', 'BBX', 2080, 2016, 185, 19.0],
  ['NRFJ', 'NORDIC FJORD', '9246906', 'DDGF8', 'DE', 'BBX', 2150, 2012, 186, 18.6],
  ['QCRL', 'QUAY CORAL', '9322944', '9V2769', 'SG', 'ESA', 11280, 2014, 353, 23.2],
  ['QAUR', 'QUAY AURORA', '9375018', '3FXH7', 'PA', 'ESA', 9510, 2016, 337, 22.6],
  ['QDLT', 'QUAY DELTA', '9283849', 'V7LW3', 'MH', 'ESA', 9360, 2013, 337, 22.6],
  ['PCND', 'PACIFICA CONDOR', '9524918', 'V7TM4', 'MH', 'AWC', 9300, 2021, 337, 22.5],
  ['PAND', 'PACIFICA ANDES', '9471800', 'HOTS7', 'PA', 'AWC', 9840, 2019, 342, 22.5],
  ['SCRS', 'SOUTHERN CROSS', '9297620', 'VRKJ8', 'HK', 'OCX', 4920, 2013, 267, 21.3],
  ['SKRI', 'SOUTHERN KAURI', '9263930', 'D7WG5', 'KR', 'OCX', 4630, 2012, 262, 21.2],
  ['STSM', 'SOUTHERN TASMAN', '9516791', 'D7FV1', 'KR', 'OCX', 5500, 2021, 281, 21.5],
  ['NRHM', 'NORDIC HARMONY', '9488748', 'OYSG4', 'DK', 'AFX', 4720, 2020, 266, 21.2],
  ['NRST', 'NORDIC STAR', '9355642', '9HA7569', 'MT', 'AFX', 5980, 2015, 288, 21.8],
  ['NRBL', 'NORDIC BALTIC', '9307413', 'DDJD3', 'DE', 'AFX', 5080, 2014, 272, 21.2],
  ['SKLM', 'SOUTHERN KILIMANJARO', '9268174', 'HPRV6', 'PA', 'EAF', 2860, 2012, 209, 19.4],
  ['SWTL', 'SOUTHERN WATTLE', '9182825', 'VRMX4', 'HK', 'EAF', 2830, 2010, 208, 20.3],
  ['ACRB', 'ATLAS CARIBE', '9274305', 'HOAA3', 'PA', 'CSX', 2420, 2013, 196, 19.1],
  ['ABYU', 'ATLAS BAYOU', '9248801', 'SVNK5', 'GR', 'CSX', 2640, 2012, 206, 19.5],
];

/**
 * Maritime Identification Digits of the fleet's flags (ITU), the first three of an MMSI. Migration 007 holds the same
 * table for a database seeded before it.
 */
export const FLAG_MID: Readonly<Record<string, string>> = {
  LR: '636',
  MH: '538',
  DK: '219',
  SG: '563',
  HK: '477',
  PA: '352',
  GR: '240',
  KR: '440',
  DE: '211',
  MT: '248',
};

/**
 * Beam and summer draught of a container ship of this size, as the classes are built (ultra large to feeder), in
 * metres: [least TEU, least length overall, beam, draught], first match wins. Migration 007 says the same in SQL.
 */
const CLASSES: readonly (readonly [number, number, number, number])[] = [
  [21000, 0, 61.5, 16],
  [18000, 0, 58.8, 16],
  [13000, 380, 56.4, 16],
  [13000, 0, 51.2, 15.5],
  [10000, 0, 48.2, 15.5],
  [8000, 335, 45.6, 14.5],
  [8000, 0, 42.8, 14.5],
  [5500, 300, 42.8, 14.5],
  [5500, 0, 40, 13.5],
  [4000, 270, 37.3, 13.5],
  [4000, 0, 32.25, 13.5],
  [2000, 200, 32.25, 11.5],
  [2000, 0, 30, 11.5],
  [0, 0, 27.6, 10],
];

function particulars(imoNo: string, flagCd: string, teu: number, loaM: number) {
  const cls = CLASSES.find(([minTeu, minLoa]) => teu >= minTeu && loaM >= minLoa) ?? [0, 0, 27.6, 10];
  return { mmsi: `${FLAG_MID[flagCd] ?? '999'}${imoNo.slice(-6)}`, beamM: cls[2], draughtM: cls[3] };
}

export const FLEET: readonly Vessel[] = ROWS.map(
  ([vslCd, vslNm, imoNo, callSgn, flagCd, laneCd, teu, builtYr, loaM, svcSpd]) => ({
    vslCd,
    vslNm,
    imoNo,
    callSgn,
    flagCd,
    crrCd: laneByCode(laneCd).crrCd,
    laneCd,
    teu,
    builtYr,
    loaM,
    svcSpd,
    ...particulars(imoNo, flagCd, teu, loaM),
  }),
);

/** IMO number check: the 7th digit is the sum of the first six weighted 7..2, modulo 10. */
export function isValidImo(imoNo: string): boolean {
  if (!/^\d{7}$/.test(imoNo)) return false;
  const digits = [...imoNo].map(Number);
  const sum = digits.slice(0, 6).reduce((acc, d, i) => acc + d * (7 - i), 0);
  return sum % 10 === digits[6];
}
