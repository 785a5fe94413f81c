// Demo users (one per role of product.md#who-uses-it, product.md#who-may-do-what, all with password "demo") and a few more: masters of other
// vessels so chat rooms have crews, and agents of other ports. Relations say who follows what.

export interface SeedUser {
  usrId: string;
  usrNm: string;
  usrTpCd: string;
  usrRoleCd: string;
  ofcId: string;
  email: string;
  /** REL_USR_VSL, REL_USR_LANE, REL_USR_PORT and AGT_PORT codes, in sort order. */
  vessels?: string[];
  lanes?: string[];
  ports?: string[];
  agentPorts?: string[];
}

export const DEMO_USERS: readonly SeedUser[] = [
  {
    usrId: 'agent',
    usrNm: 'Priya Raman',
    usrTpCd: '3',
    usrRoleCd: 'AGT00',
    ofcId: 'SINAG',
    email: 'priya.raman@straits-agency.example.com',
    agentPorts: ['SGSIN', 'MYTPP', 'MYPKG'],
    ports: ['SGSIN', 'MYTPP', 'MYPKG'],
  },
  {
    usrId: 'vessel',
    usrNm: 'Capt. Henrik Larsen',
    usrTpCd: '4',
    usrRoleCd: 'VSL00',
    ofcId: 'QHZN',
    email: 'master.qhzn@fleet.quayline.example.com',
  },
  {
    usrId: 'vessel2',
    usrNm: 'Capt. Maria Oliveira',
    usrTpCd: '4',
    usrRoleCd: 'VSL00',
    ofcId: 'AHDS',
    email: 'master.ahds@fleet.atlas-maritime.example.com',
  },
  {
    usrId: 'operator',
    usrNm: 'Daniel Okafor',
    usrTpCd: '5',
    usrRoleCd: 'NAV00,NAV01',
    ofcId: 'HQOPS',
    email: 'daniel.okafor@quayline.example.com',
    vessels: ['QHZN', 'QMRD', 'OCRS', 'PDWN', 'QBCN', 'AHDS'],
    lanes: ['AEX', 'AEM', 'TPX'],
    ports: ['CNSHA', 'SGSIN', 'NLRTM'],
  },
  {
    usrId: 'viewer',
    usrNm: 'Emma Schulz',
    usrTpCd: '6',
    usrRoleCd: '',
    ofcId: 'HAMCS',
    email: 'emma.schulz@quayline.example.com',
    vessels: ['QZNT', 'NRPL', 'SCRS'],
  },
  {
    usrId: 'staff',
    usrNm: 'Kenji Watanabe',
    usrTpCd: '2',
    // ADM00: administers users (architecture.md#people), so the demo shows the user administration.
    usrRoleCd: 'NAV00,ADM00',
    ofcId: 'TYOMO',
    email: 'kenji.watanabe@quayline.example.com',
    vessels: ['QHZN', 'QSVN', 'NRSP', 'OJAD', 'PSNR', 'QEND', 'OSPH', 'QCRL'],
    lanes: ['AEX', 'PEX', 'ESA', 'AMX'],
    ports: ['SGSIN', 'KRPUS', 'USLAX', 'NLRTM'],
  },
];

/** Masters of other vessels (type 4, office id = vessel code). */
const MASTERS: readonly [vslCd: string, name: string][] = [
  ['QMRD', 'Capt. Arjun Mehta'],
  ['OCRS', 'Capt. Chen Jian'],
  ['PDWN', 'Capt. Mark Reynolds'],
  ['QBCN', 'Capt. Sofia Rossi'],
  ['OLTS', 'Capt. Nguyen Van An'],
  ['QCRL', 'Capt. Rafael Souza'],
  ['SCRS', 'Capt. James Whitaker'],
  ['NRPL', 'Capt. Lars Nilsson'],
  ['OSPH', 'Capt. Ahmed Al-Farsi'],
  ['PRNR', 'Capt. Park Hyun-woo'],
  ['ACRB', 'Capt. Diego Martinez'],
];

const OTHER_USERS: readonly SeedUser[] = [
  {
    usrId: 'co.qhzn',
    usrNm: 'C/O Tomasz Nowak',
    usrTpCd: '4',
    usrRoleCd: 'VSL00',
    ofcId: 'QHZN',
    email: 'chiefofficer.qhzn@fleet.quayline.example.com',
  },
  ...MASTERS.map(([vslCd, usrNm]) => ({
    usrId: `capt.${vslCd.toLowerCase()}`,
    usrNm,
    usrTpCd: '4',
    usrRoleCd: 'VSL00',
    ofcId: vslCd,
    email: `master.${vslCd.toLowerCase()}@fleet.example.com`,
  })),
  {
    usrId: 'agent.sha',
    usrNm: 'Li Wei',
    usrTpCd: '3',
    usrRoleCd: 'AGT00',
    ofcId: 'SHAAG',
    email: 'li.wei@eastsea-agency.example.com',
    agentPorts: ['CNSHA', 'CNNGB'],
  },
  {
    usrId: 'agent.rtm',
    usrNm: 'Sanne de Vries',
    usrTpCd: '3',
    usrRoleCd: 'AGT00',
    ofcId: 'RTMAG',
    email: 'sanne.devries@northsea-agency.example.com',
    agentPorts: ['NLRTM', 'BEANR', 'DEHAM'],
  },
];

export const ALL_USERS: readonly SeedUser[] = [...DEMO_USERS, ...OTHER_USERS];
