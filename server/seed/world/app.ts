// Reference data of the app itself: the programs of the side menu (product.md#side-menu, World Status invalid),
// the vessel page widgets and the code tables of GET /common/code/{type}.

export interface Program {
  pgmNo: string;
  pgmNm: string;
  pgmUrl: string;
  menuUrl: string;
  menuIcon: string;
  valid: boolean;
  /** '*' or a comma list of role groups: vessel, operator, agent, other. */
  roles: string;
  sortNo: number;
}

type ProgramRow = [pgmNo: string, pgmNm: string, url: string, icon: string, roles: string, valid?: boolean];

// prettier-ignore
const PROGRAM_ROWS: ProgramRow[] = [
  ['IBM_P1010', 'Vessel', '/vessel', 'vessel', '*'],
  ['IBM_P1020', 'Voyage', '/voyage', 'calendar', 'vessel'],
  ['IBM_P1030', 'My Vessel', '/myvessel', 'flag', 'operator,other'],
  ['IBM_P1040', 'Service', '/service', 'service', '*'],
  ['IBM_P1050', 'Port Live', '/port/live', 'port', '*'],
  ['IBM_P1060', 'Current Status', '/port/status', 'alarm', '*'],
  ['IBM_P1065', 'Port to port', '/port/sailings', 'service', '*'],
  ['IBM_P1070', 'Chat Space', '/chat/', 'chat', '*'],
  ['IBM_P1080', 'Setting', '/setting', 'settings', '*'],
  ['IBM_P1090', 'Address Book', '/addressBook', 'email', '*'],
  ['IBM_P1100', 'GSI', '/inform/gsi', 'download', 'vessel,operator'],
  ['IBM_P1110', 'GVO Letter', '/inform/gvoLetter', 'message', 'vessel,operator'],
  ['IBM_P1120', 'Sapphire Feedback', '/inform/sapphireFeedback', 'send-message', '*'],
  ['IBM_P1130', 'World Status', '/port/world-status', 'dashboard-map-morning', 'operator,agent', false],
];

export const PROGRAMS: readonly Program[] = PROGRAM_ROWS.map(
  ([pgmNo, pgmNm, url, menuIcon, roles, valid], i) => ({
    pgmNo,
    pgmNm,
    pgmUrl: url,
    menuUrl: url,
    menuIcon,
    valid: valid ?? true,
    roles,
    sortNo: i + 1,
  }),
);

export interface Widget {
  wdgtId: string;
  wdgtNm: string;
  wdgtPath: string;
}

// prettier-ignore
export const WIDGETS: readonly Widget[] = [
  { wdgtId: 'IBM_W2010', wdgtNm: 'Current', wdgtPath: '/vessel/current' },
  { wdgtId: 'IBM_W2020', wdgtNm: 'AIS Map', wdgtPath: '/vessel/ais' },
  { wdgtId: 'IBM_W2030', wdgtNm: 'Schedule', wdgtPath: '/vessel/schedule' },
  { wdgtId: 'IBM_W2040', wdgtNm: 'Latest Report', wdgtPath: '/vessel/latest-report' },
  { wdgtId: 'IBM_W2050', wdgtNm: 'Cascade Memo', wdgtPath: '/vessel/cascade-memo' },
  { wdgtId: 'IBM_W2060', wdgtNm: 'Handover Memo', wdgtPath: '/vessel/handover-memo' },
  { wdgtId: 'IBM_W2070', wdgtNm: 'Next Dock', wdgtPath: '/vessel/next-dock' },
  { wdgtId: 'IBM_W2080', wdgtNm: 'CII', wdgtPath: '/vessel/cii' },
  { wdgtId: 'IBM_W2090', wdgtNm: 'Typhoon Storm', wdgtPath: '/vessel/typhoon-storm' },
  { wdgtId: 'IBM_W2100', wdgtNm: 'Events', wdgtPath: '/vessel/event' },
];

// prettier-ignore
export const CODES: Readonly<Record<string, readonly [cd: string, cdNm: string][]>> = {
  NAV_STS: [['UNDER_WAY', 'Under way'], ['AT_ANCHOR', 'At anchor'], ['MOORED', 'Moored']],
  RPT_TP: [['NOON', 'Noon report'], ['ARR', 'Arrival report'], ['DEP', 'Departure report']],
  PORT_STS: [['Open', 'Open'], ['Restricted', 'Restricted'], ['Closed', 'Closed']],
  EVNT_TP: [['BUNKER', 'Bunkering'], ['CREW', 'Crew change'], ['INSPECTION', 'Inspection'], ['REPAIR', 'Repair'], ['WEATHER', 'Weather'], ['PORT', 'Port']],
  ALGSD: [['P', 'Port side'], ['S', 'Starboard side']],
  DIR: [['E', 'Eastbound'], ['W', 'Westbound'], ['N', 'Northbound'], ['S', 'Southbound']],
  MEMO_TP: [['HANDOVER', 'Handover memo'], ['CASCADE', 'Cascade memo'], ['WIDGET', 'Widget memo']],
  USR_TP: [['2', 'Staff'], ['3', 'Port agent'], ['4', 'Vessel'], ['5', 'Operator'], ['6', 'Viewer']],
};
