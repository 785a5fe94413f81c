// Real container ports: UN/LOCODE, name, country, harbour position (at sea level), IANA zone and
// terminals (yd_cd = port code + 2 characters).

interface Terminal {
  ydCd: string;
  ydNm: string;
}

export interface Port {
  portCd: string;
  portNm: string;
  cntCd: string;
  cntNm: string;
  lat: number;
  lon: number;
  tz: string;
  terminals: Terminal[];
}

type Row = [
  portCd: string,
  portNm: string,
  cntNm: string,
  lat: number,
  lon: number,
  tz: string,
  terminals: [string, string][],
];

// prettier-ignore
const ROWS: Row[] = [
  ['CNSHA', 'Shanghai', 'China', 30.62, 122.06, 'Asia/Shanghai', [['YS', 'Yangshan Deep Water Port'], ['WG', 'Waigaoqiao Container Terminal']]],
  ['CNNGB', 'Ningbo', 'China', 29.93, 121.88, 'Asia/Shanghai', [['BL', 'Beilun Container Terminal'], ['MS', 'Meishan Island Container Terminal']]],
  ['CNYTN', 'Yantian', 'China', 22.57, 114.28, 'Asia/Shanghai', [['YI', 'Yantian International Container Terminals']]],
  ['CNSHK', 'Shekou', 'China', 22.47, 113.88, 'Asia/Shanghai', [['SC', 'Shekou Container Terminals'], ['CW', 'Chiwan Container Terminal']]],
  ['CNTAO', 'Qingdao', 'China', 36.01, 120.25, 'Asia/Shanghai', [['QQ', 'Qingdao Qianwan Container Terminal'], ['QN', 'Qingdao New Qianwan Container Terminal']]],
  ['CNTXG', 'Tianjin Xingang', 'China', 38.98, 117.82, 'Asia/Shanghai', [['PI', 'Tianjin Port Pacific International Container Terminal'], ['FC', 'Tianjin Five Continents International Container Terminal']]],
  ['CNXMN', 'Xiamen', 'China', 24.46, 118.05, 'Asia/Shanghai', [['HC', 'Xiamen Haicang International Container Terminal'], ['SY', 'Xiamen Songyu Container Terminal']]],
  ['CNDLC', 'Dalian', 'China', 39.0, 121.92, 'Asia/Shanghai', [['DC', 'Dalian Container Terminal']]],
  ['HKHKG', 'Hong Kong', 'Hong Kong', 22.33, 114.11, 'Asia/Hong_Kong', [['KT', 'Kwai Tsing Container Terminals'], ['MT', 'Modern Terminals']]],
  ['TWKHH', 'Kaohsiung', 'Taiwan', 22.55, 120.31, 'Asia/Taipei', [['T5', 'Kaohsiung Terminal 5'], ['KM', 'Kao Ming Container Terminal']]],
  ['KRPUS', 'Busan', 'Korea, Republic of', 35.09, 129.05, 'Asia/Seoul', [['NP', 'Busan New Port (PNC)'], ['SD', 'Busan North Port (Shinsundae)']]],
  ['JPTYO', 'Tokyo', 'Japan', 35.6, 139.8, 'Asia/Tokyo', [['OI', 'Oi Container Terminal'], ['AO', 'Aomi Container Terminal']]],
  ['JPYOK', 'Yokohama', 'Japan', 35.44, 139.67, 'Asia/Tokyo', [['HM', 'Honmoku Pier'], ['MH', 'Minami-Honmoku Pier']]],
  ['JPNGO', 'Nagoya', 'Japan', 35.02, 136.83, 'Asia/Tokyo', [['TB', 'Tobishima Container Terminal'], ['NB', 'Nabeta Pier']]],
  ['JPUKB', 'Kobe', 'Japan', 34.66, 135.22, 'Asia/Tokyo', [['PI', 'Port Island Container Terminal'], ['RI', 'Rokko Island Container Terminal']]],
  ['SGSIN', 'Singapore', 'Singapore', 1.255, 103.77, 'Asia/Singapore', [['PP', 'Pasir Panjang Terminal'], ['TP', 'Tanjong Pagar Terminal'], ['TU', 'Tuas Port']]],
  ['MYPKG', 'Port Klang', 'Malaysia', 2.98, 101.33, 'Asia/Kuala_Lumpur', [['WP', 'Westports'], ['NP', 'Northport']]],
  ['MYTPP', 'Tanjung Pelepas', 'Malaysia', 1.35, 103.54, 'Asia/Kuala_Lumpur', [['PT', 'PTP Container Terminal']]],
  ['THLCH', 'Laem Chabang', 'Thailand', 13.07, 100.87, 'Asia/Bangkok', [['B5', 'Laem Chabang Terminal B5'], ['C1', 'Hutchison Laem Chabang Terminal C']]],
  ['VNSGN', 'Ho Chi Minh City', 'Viet Nam', 10.76, 106.79, 'Asia/Ho_Chi_Minh', [['CL', 'Cat Lai Terminal']]],
  ['PHMNL', 'Manila', 'Philippines', 14.6, 120.95, 'Asia/Manila', [['MI', 'Manila International Container Terminal'], ['SH', 'Manila South Harbor']]],
  ['IDJKT', 'Jakarta', 'Indonesia', -6.1, 106.89, 'Asia/Jakarta', [['JI', 'Jakarta International Container Terminal'], ['NP', 'New Priok Container Terminal One']]],
  ['LKCMB', 'Colombo', 'Sri Lanka', 6.95, 79.84, 'Asia/Colombo', [['SA', 'South Asia Gateway Terminals'], ['CI', 'Colombo International Container Terminals']]],
  ['INNSA', 'Nhava Sheva', 'India', 18.94, 72.93, 'Asia/Kolkata', [['JN', 'Jawaharlal Nehru Port Container Terminal'], ['NS', 'Nhava Sheva International Container Terminal']]],
  ['INMUN', 'Mundra', 'India', 22.74, 69.72, 'Asia/Kolkata', [['AM', 'Adani Mundra Container Terminal'], ['AI', 'Adani International Container Terminal']]],
  ['INMAA', 'Chennai', 'India', 13.1, 80.3, 'Asia/Kolkata', [['CC', 'Chennai Container Terminal'], ['CI', 'Chennai International Terminal']]],
  ['PKKHI', 'Karachi', 'Pakistan', 24.82, 66.97, 'Asia/Karachi', [['KI', 'Karachi International Container Terminal'], ['PI', 'Pakistan International Container Terminal']]],
  ['BDCGP', 'Chittagong', 'Bangladesh', 22.27, 91.8, 'Asia/Dhaka', [['CT', 'Chittagong Container Terminal'], ['NM', 'New Mooring Container Terminal']]],
  ['AEJEA', 'Jebel Ali', 'United Arab Emirates', 25.01, 55.06, 'Asia/Dubai', [['T1', 'Jebel Ali Terminal 1'], ['T3', 'Jebel Ali Terminal 3']]],
  ['AEKHL', 'Khalifa Port', 'United Arab Emirates', 24.81, 54.66, 'Asia/Dubai', [['KC', 'Khalifa Port Container Terminal'], ['CS', 'CSP Abu Dhabi Terminal']]],
  ['OMSLL', 'Salalah', 'Oman', 16.94, 54.0, 'Asia/Muscat', [['SC', 'Salalah Container Terminal']]],
  ['SAJED', 'Jeddah', 'Saudi Arabia', 21.47, 39.15, 'Asia/Riyadh', [['RS', 'Red Sea Gateway Terminal'], ['SC', 'Jeddah South Container Terminal']]],
  ['SADMM', 'Dammam', 'Saudi Arabia', 26.5, 50.25, 'Asia/Riyadh', [['KA', 'King Abdulaziz Port Container Terminal']]],
  ['QAHMD', 'Hamad Port', 'Qatar', 24.99, 51.62, 'Asia/Qatar', [['C1', 'Hamad Container Terminal 1']]],
  ['EGPSD', 'Port Said', 'Egypt', 31.23, 32.35, 'Africa/Cairo', [['SC', 'Suez Canal Container Terminal']]],
  ['DJJIB', 'Djibouti', 'Djibouti', 11.6, 43.12, 'Africa/Djibouti', [['DC', 'Doraleh Container Terminal']]],
  ['NLRTM', 'Rotterdam', 'Netherlands', 51.96, 4.05, 'Europe/Amsterdam', [['EC', 'ECT Delta'], ['AP', 'APM Terminals Maasvlakte II'], ['RW', 'Rotterdam World Gateway']]],
  ['DEHAM', 'Hamburg', 'Germany', 53.54, 9.93, 'Europe/Berlin', [['EG', 'Eurogate Hamburg'], ['BK', 'HHLA Burchardkai'], ['AW', 'HHLA Altenwerder']]],
  ['BEANR', 'Antwerp', 'Belgium', 51.29, 4.27, 'Europe/Brussels', [['MP', 'MPET Deurganck'], ['PE', 'PSA Europa Terminal']]],
  ['GBFXT', 'Felixstowe', 'United Kingdom', 51.95, 1.32, 'Europe/London', [['TR', 'Trinity Terminal'], ['B8', 'Berths 8 and 9']]],
  ['FRLEH', 'Le Havre', 'France', 49.47, 0.1, 'Europe/Paris', [['P2', 'Port 2000'], ['TF', 'Terminal de France']]],
  ['DEBRV', 'Bremerhaven', 'Germany', 53.57, 8.55, 'Europe/Berlin', [['NT', 'North Sea Terminal Bremerhaven'], ['EG', 'Eurogate Container Terminal Bremerhaven']]],
  ['ESALG', 'Algeciras', 'Spain', 36.12, -5.41, 'Europe/Madrid', [['AP', 'APM Terminals Algeciras'], ['TT', 'Total Terminal International Algeciras']]],
  ['ESVLC', 'Valencia', 'Spain', 39.44, -0.31, 'Europe/Madrid', [['MS', 'MSC Terminal Valencia'], ['CS', 'CSP Iberian Valencia Terminal']]],
  ['ESBCN', 'Barcelona', 'Spain', 41.34, 2.17, 'Europe/Madrid', [['BE', 'BEST Barcelona Europe South Terminal'], ['AP', 'APM Terminals Barcelona']]],
  ['ITGOA', 'Genoa', 'Italy', 44.4, 8.88, 'Europe/Rome', [['PR', "PSA Genova Pra'"], ['SP', 'Terminal Spinelli']]],
  ['ITGIT', 'Gioia Tauro', 'Italy', 38.45, 15.89, 'Europe/Rome', [['MC', 'Medcenter Container Terminal']]],
  ['GRPIR', 'Piraeus', 'Greece', 37.94, 23.6, 'Europe/Athens', [['PC', 'Piraeus Container Terminal']]],
  ['MTMAR', 'Marsaxlokk', 'Malta', 35.82, 14.54, 'Europe/Malta', [['MF', 'Malta Freeport Terminals']]],
  ['SEGOT', 'Gothenburg', 'Sweden', 57.69, 11.83, 'Europe/Stockholm', [['AP', 'APM Terminals Gothenburg']]],
  ['MAPTM', 'Tanger Med', 'Morocco', 35.89, -5.5, 'Africa/Casablanca', [['EG', 'Eurogate Tanger'], ['AP', 'APM Terminals MedPort Tangier']]],
  ['ZADUR', 'Durban', 'South Africa', -29.87, 31.03, 'Africa/Johannesburg', [['P2', 'Durban Container Terminal Pier 2'], ['P1', 'Durban Container Terminal Pier 1']]],
  ['ZACPT', 'Cape Town', 'South Africa', -33.91, 18.44, 'Africa/Johannesburg', [['CT', 'Cape Town Container Terminal']]],
  ['NGAPP', 'Apapa', 'Nigeria', 6.44, 3.37, 'Africa/Lagos', [['AP', 'APM Terminals Apapa']]],
  ['TGLFW', 'Lome', 'Togo', 6.13, 1.28, 'Africa/Lome', [['LC', 'Lome Container Terminal']]],
  ['KEMBA', 'Mombasa', 'Kenya', -4.06, 39.65, 'Africa/Nairobi', [['KC', 'Kilindini Container Terminal']]],
  ['USLAX', 'Los Angeles', 'United States', 33.73, -118.26, 'America/Los_Angeles', [['P4', 'Pier 400 APM Terminals'], ['TP', 'TraPac Los Angeles']]],
  ['USOAK', 'Oakland', 'United States', 37.8, -122.32, 'America/Los_Angeles', [['OI', 'Oakland International Container Terminal'], ['TP', 'TraPac Oakland']]],
  ['USSEA', 'Seattle', 'United States', 47.58, -122.36, 'America/Los_Angeles', [['18', 'Terminal 18'], ['05', 'Terminal 5']]],
  ['CAVAN', 'Vancouver', 'Canada', 49.02, -123.17, 'America/Vancouver', [['DP', 'Deltaport'], ['CT', 'Centerm']]],
  ['USNYC', 'New York', 'United States', 40.67, -74.05, 'America/New_York', [['MH', 'Maher Terminals'], ['AE', 'APM Terminals Elizabeth'], ['GB', 'GCT Bayonne']]],
  ['USSAV', 'Savannah', 'United States', 32.12, -81.14, 'America/New_York', [['GC', 'Garden City Terminal']]],
  ['USCHS', 'Charleston', 'United States', 32.77, -79.91, 'America/New_York', [['WW', 'Wando Welch Terminal'], ['HL', 'Hugh K. Leatherman Terminal']]],
  ['USORF', 'Norfolk', 'United States', 36.92, -76.33, 'America/New_York', [['NI', 'Norfolk International Terminals'], ['VG', 'Virginia International Gateway']]],
  ['USHOU', 'Houston', 'United States', 29.61, -94.99, 'America/Chicago', [['BC', 'Barbours Cut Container Terminal'], ['BP', 'Bayport Container Terminal']]],
  ['USMIA', 'Miami', 'United States', 25.77, -80.16, 'America/New_York', [['SF', 'South Florida Container Terminal'], ['SM', 'Seaboard Marine Terminal']]],
  ['PAMIT', 'Manzanillo', 'Panama', 9.37, -79.88, 'America/Panama', [['MI', 'Manzanillo International Terminal']]],
  ['PABLB', 'Balboa', 'Panama', 8.95, -79.57, 'America/Panama', [['PB', 'PPC Balboa Terminal']]],
  ['MXZLO', 'Manzanillo', 'Mexico', 19.06, -104.3, 'America/Mexico_City', [['CT', 'CONTECON Manzanillo'], ['SS', 'SSA Mexico Manzanillo']]],
  ['JMKIN', 'Kingston', 'Jamaica', 17.96, -76.83, 'America/Jamaica', [['KF', 'Kingston Freeport Terminal']]],
  ['COCTG', 'Cartagena', 'Colombia', 10.39, -75.53, 'America/Bogota', [['CC', 'Contecar'], ['SP', 'SPRC Manga Terminal']]],
  ['BRSSZ', 'Santos', 'Brazil', -23.98, -46.3, 'America/Sao_Paulo', [['TE', 'Santos Brasil Tecon'], ['BT', 'Brasil Terminal Portuario'], ['DP', 'DP World Santos']]],
  ['BRRIG', 'Rio Grande', 'Brazil', -32.07, -52.08, 'America/Sao_Paulo', [['TR', 'Tecon Rio Grande']]],
  ['BRPNG', 'Paranagua', 'Brazil', -25.5, -48.52, 'America/Sao_Paulo', [['TC', 'TCP Paranagua']]],
  ['ARBUE', 'Buenos Aires', 'Argentina', -34.58, -58.37, 'America/Argentina/Buenos_Aires', [['T4', 'Terminal 4'], ['TR', 'Terminales Rio de la Plata']]],
  ['UYMVD', 'Montevideo', 'Uruguay', -34.9, -56.21, 'America/Montevideo', [['TC', 'Terminal Cuenca del Plata']]],
  ['CLSAI', 'San Antonio', 'Chile', -33.59, -71.62, 'America/Santiago', [['ST', 'San Antonio Terminal Internacional'], ['DP', 'DP World San Antonio']]],
  ['PECLL', 'Callao', 'Peru', -12.05, -77.15, 'America/Lima', [['DP', 'DP World Callao'], ['AP', 'APM Terminals Callao']]],
  ['AUMEL', 'Melbourne', 'Australia', -37.84, 144.92, 'Australia/Melbourne', [['SD', 'Swanson Dock East'], ['VI', 'Victoria International Container Terminal']]],
  ['AUSYD', 'Sydney', 'Australia', -33.97, 151.22, 'Australia/Sydney', [['PB', 'Patrick Port Botany'], ['DP', 'DP World Sydney']]],
  ['AUBNE', 'Brisbane', 'Australia', -27.38, 153.17, 'Australia/Brisbane', [['PB', 'Patrick Brisbane'], ['DP', 'DP World Brisbane']]],
  ['NZAKL', 'Auckland', 'New Zealand', -36.84, 174.78, 'Pacific/Auckland', [['FC', 'Fergusson Container Terminal']]],
];

export const PORTS: readonly Port[] = ROWS.map(([portCd, portNm, cntNm, lat, lon, tz, terminals]) => ({
  portCd,
  portNm,
  cntCd: portCd.slice(0, 2),
  cntNm,
  lat,
  lon,
  tz,
  terminals: terminals.map(([sfx, ydNm]) => ({ ydCd: portCd + sfx, ydNm })),
}));

const BY_CODE = new Map(PORTS.map((p) => [p.portCd, p]));

export function portByCode(portCd: string): Port {
  const port = BY_CODE.get(portCd);
  if (!port) throw new Error(`Unknown port ${portCd}`);
  return port;
}
