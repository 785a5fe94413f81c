// Services (trade lanes) with their port rotation in call order. Each rotation is a loop: after the
// last port the vessel sails back to the first. Direction codes are per call (the bound it is on).
import { DEFAULT_CHAT_LANES } from '../../../src/core/chat-lanes.ts';

export interface LaneCall {
  portCd: string;
  dirCd: 'E' | 'W' | 'N' | 'S';
}

export interface Lane {
  laneCd: string;
  laneNm: string;
  tradeCd: string;
  tradeNm: string;
  crrCd: string;
  rotation: LaneCall[];
}

const TRADES: Readonly<Record<string, string>> = {
  AEU: 'Asia-Europe',
  TPA: 'Transpacific',
  TAT: 'Transatlantic',
  IAS: 'Intra-Asia',
  AME: 'Asia-Middle East',
  AIS: 'Asia-Indian Subcontinent',
  ASA: 'Asia-South America',
  OCE: 'Oceania',
  AAF: 'Asia-Africa',
  IAM: 'Intra-Americas',
};

type Row = [laneCd: string, laneNm: string, tradeCd: string, crrCd: string, rotation: string];

// prettier-ignore
const ROWS: Row[] = [
  ['AEX', 'Asia-North Europe Express', 'AEU', 'QLN', 'CNTAO:W CNSHA:W CNNGB:W CNYTN:W SGSIN:W NLRTM:W DEHAM:W GBFXT:E SGSIN:E'],
  ['AEN', 'North Europe Loop 2', 'AEU', 'NSL', 'KRPUS:W CNSHA:W CNYTN:W MYTPP:W MAPTM:W NLRTM:W DEBRV:W SEGOT:W DEHAM:E BEANR:E FRLEH:E MYTPP:E'],
  ['AEM', 'Asia-Mediterranean Service', 'AEU', 'ORC', 'CNSHA:W CNNGB:W CNXMN:W CNSHK:W SGSIN:W EGPSD:W GRPIR:W ITGOA:W ESBCN:W ESVLC:E MTMAR:E SAJED:E'],
  ['TPX', 'Transpacific Express', 'TPA', 'PCX', 'HKHKG:E CNYTN:E CNXMN:E CNSHA:E USLAX:E USOAK:W JPTYO:W KRPUS:W'],
  ['PNW', 'Pacific Northwest Service', 'TPA', 'PCX', 'CNNGB:E CNSHA:E KRPUS:E CAVAN:E USSEA:W JPYOK:W JPNGO:W JPUKB:W'],
  ['PEX', 'Panama Express', 'TPA', 'QLN', 'CNYTN:E CNXMN:E CNNGB:E CNSHA:E KRPUS:E PABLB:E USSAV:E USCHS:E USNYC:E USORF:W PAMIT:W'],
  ['TAX', 'Transatlantic Express', 'TAT', 'ATL', 'DEBRV:W NLRTM:W BEANR:W FRLEH:W USNYC:W USORF:W USSAV:E USCHS:E'],
  ['MUS', 'Mediterranean-US Service', 'TAT', 'ATL', 'ITGOA:W ITGIT:W ESVLC:W ESALG:W USNYC:W USORF:W USHOU:E USMIA:E'],
  ['IAX', 'Intra-Asia Express', 'IAS', 'ORC', 'IDJKT:N SGSIN:N THLCH:N VNSGN:N HKHKG:N TWKHH:N CNXMN:S PHMNL:S MYPKG:S'],
  ['CJK', 'China-Japan-Korea Shuttle', 'IAS', 'SCL', 'JPTYO:W JPYOK:W JPNGO:W JPUKB:W KRPUS:W CNTXG:W CNDLC:E CNTAO:E'],
  ['AMX', 'Asia-Middle East Express', 'AME', 'ORC', 'CNSHA:W CNNGB:W CNSHK:W SGSIN:W AEJEA:W QAHMD:W SADMM:W AEKHL:E OMSLL:E MYPKG:E'],
  ['CIX', 'China-India Express', 'AIS', 'SCL', 'CNTAO:W CNSHA:W CNNGB:W SGSIN:W LKCMB:W INNSA:W INMUN:W PKKHI:E LKCMB:E MYPKG:E'],
  ['BBX', 'Bay of Bengal Express', 'AIS', 'NSL', 'SGSIN:W MYPKG:W LKCMB:W INMAA:W BDCGP:E MYTPP:E'],
  ['ESA', 'Asia-South America East Coast', 'ASA', 'QLN', 'CNTAO:S CNSHA:S CNNGB:S CNSHK:S SGSIN:S BRSSZ:S UYMVD:S ARBUE:N BRRIG:N BRPNG:N SGSIN:N'],
  ['AWC', 'Asia-West Coast South America', 'ASA', 'PCX', 'CNYTN:E CNNGB:E CNSHA:E KRPUS:E MXZLO:E PECLL:E CLSAI:W MXZLO:W'],
  ['OCX', 'Asia-Oceania Express', 'OCE', 'SCL', 'CNSHA:S CNNGB:S HKHKG:S AUBNE:S AUSYD:S AUMEL:S NZAKL:N TWKHH:N'],
  ['AFX', 'Asia-Africa Express', 'AAF', 'NSL', 'CNSHA:W CNNGB:W CNSHK:W SGSIN:W ZADUR:W TGLFW:W NGAPP:E ZACPT:E'],
  ['EAF', 'India-East Africa Service', 'AAF', 'SCL', 'INMUN:S INNSA:S KEMBA:S DJJIB:N OMSLL:N AEJEA:N'],
  ['CSX', 'Caribbean Shuttle', 'IAM', 'ATL', 'USSAV:S USMIA:S USHOU:S JMKIN:S COCTG:N PAMIT:N'],
];

export const LANES: readonly Lane[] = ROWS.map(([laneCd, laneNm, tradeCd, crrCd, rotation]) => ({
  laneCd,
  laneNm,
  tradeCd,
  tradeNm: TRADES[tradeCd] ?? tradeCd,
  crrCd,
  rotation: rotation.split(' ').map((s) => {
    const [portCd, dirCd] = s.split(':') as [string, LaneCall['dirCd']];
    return { portCd, dirCd };
  }),
}));

const BY_CODE = new Map(LANES.map((l) => [l.laneCd, l]));

export function laneByCode(laneCd: string): Lane {
  const lane = BY_CODE.get(laneCd);
  if (!lane) throw new Error(`Unknown lane ${laneCd}`);
  return lane;
}

/** Lanes whose vessels may chat (configuration.md#build-time-settings): about half of them, the app's default too. */
export const CHAT_LANES: readonly string[] = DEFAULT_CHAT_LANES.split(',');
