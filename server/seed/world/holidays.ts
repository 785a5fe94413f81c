// Public holidays per country of the seeded ports, for a given year: fixed dates, Easter-based days,
// nth-weekday days, and Lunar New Year / Eid dates from a table (years 2024-2030).

type Rule = string; // 'MM-DD', 'easter+N', 'lunar', 'fitr', 'adha', 'nth:MM:weekday(0=Sun):n' (n = -1 is last)

const LUNAR: Record<number, string> = {
  2024: '02-10',
  2025: '01-29',
  2026: '02-17',
  2027: '02-06',
  2028: '01-26',
  2029: '02-13',
  2030: '02-03',
};
const FITR: Record<number, string> = {
  2024: '04-10',
  2025: '03-30',
  2026: '03-20',
  2027: '03-10',
  2028: '02-27',
  2029: '02-15',
  2030: '02-05',
};
const ADHA: Record<number, string> = {
  2024: '06-16',
  2025: '06-06',
  2026: '05-27',
  2027: '05-16',
  2028: '05-05',
  2029: '04-24',
  2030: '04-13',
};

// prettier-ignore
const RULES: Record<string, [Rule, string][]> = {
  CN: [['01-01', "New Year's Day"], ['lunar', 'Spring Festival'], ['05-01', 'Labour Day'], ['10-01', 'National Day']],
  HK: [['01-01', 'The first day of January'], ['lunar', 'Lunar New Year'], ['07-01', 'HKSAR Establishment Day'], ['10-01', 'National Day'], ['12-25', 'Christmas Day']],
  TW: [['01-01', "New Year's Day"], ['lunar', 'Lunar New Year'], ['10-10', 'National Day']],
  KR: [['01-01', "New Year's Day"], ['lunar', 'Seollal'], ['03-01', 'Independence Movement Day'], ['08-15', 'Liberation Day'], ['10-03', 'National Foundation Day']],
  JP: [['01-01', "New Year's Day"], ['02-11', 'National Foundation Day'], ['05-03', 'Constitution Memorial Day'], ['05-05', "Children's Day"], ['11-03', 'Culture Day']],
  SG: [['01-01', "New Year's Day"], ['lunar', 'Chinese New Year'], ['05-01', 'Labour Day'], ['08-09', 'National Day'], ['12-25', 'Christmas Day']],
  MY: [['lunar', 'Chinese New Year'], ['fitr', 'Hari Raya Aidilfitri'], ['05-01', 'Labour Day'], ['08-31', 'National Day'], ['09-16', 'Malaysia Day']],
  TH: [['01-01', "New Year's Day"], ['04-13', 'Songkran Festival'], ['05-01', 'Labour Day'], ['12-05', 'National Day'], ['12-10', 'Constitution Day']],
  VN: [['01-01', "New Year's Day"], ['lunar', 'Tet Holiday'], ['04-30', 'Reunification Day'], ['05-01', 'Labour Day'], ['09-02', 'National Day']],
  PH: [['01-01', "New Year's Day"], ['04-09', 'Day of Valor'], ['06-12', 'Independence Day'], ['12-25', 'Christmas Day'], ['12-30', 'Rizal Day']],
  ID: [['01-01', "New Year's Day"], ['fitr', 'Idul Fitri'], ['06-01', 'Pancasila Day'], ['08-17', 'Independence Day'], ['12-25', 'Christmas Day']],
  LK: [['02-04', 'Independence Day'], ['05-01', 'May Day'], ['12-25', 'Christmas Day']],
  IN: [['01-26', 'Republic Day'], ['08-15', 'Independence Day'], ['10-02', 'Gandhi Jayanti']],
  PK: [['02-05', 'Kashmir Solidarity Day'], ['03-23', 'Pakistan Day'], ['fitr', 'Eid al-Fitr'], ['08-14', 'Independence Day'], ['12-25', 'Quaid-e-Azam Day']],
  BD: [['02-21', 'Language Martyrs Day'], ['03-26', 'Independence Day'], ['fitr', 'Eid al-Fitr'], ['12-16', 'Victory Day']],
  AE: [['01-01', "New Year's Day"], ['fitr', 'Eid al-Fitr'], ['adha', 'Eid al-Adha'], ['12-02', 'National Day']],
  OM: [['fitr', 'Eid al-Fitr'], ['adha', 'Eid al-Adha'], ['11-20', 'National Day']],
  SA: [['02-22', 'Founding Day'], ['fitr', 'Eid al-Fitr'], ['adha', 'Eid al-Adha'], ['09-23', 'Saudi National Day']],
  QA: [['fitr', 'Eid al-Fitr'], ['adha', 'Eid al-Adha'], ['12-18', 'National Day']],
  EG: [['01-07', 'Coptic Christmas'], ['fitr', 'Eid al-Fitr'], ['07-23', 'Revolution Day'], ['10-06', 'Armed Forces Day']],
  DJ: [['05-01', 'Labour Day'], ['06-27', 'Independence Day'], ['fitr', 'Eid al-Fitr']],
  NL: [['01-01', "New Year's Day"], ['easter+1', 'Easter Monday'], ['04-27', "King's Day"], ['12-25', 'Christmas Day']],
  DE: [['01-01', "New Year's Day"], ['easter-2', 'Good Friday'], ['easter+1', 'Easter Monday'], ['05-01', 'Labour Day'], ['10-03', 'Day of German Unity'], ['12-25', 'Christmas Day']],
  BE: [['01-01', "New Year's Day"], ['easter+1', 'Easter Monday'], ['07-21', 'National Day'], ['11-11', 'Armistice Day']],
  GB: [['01-01', "New Year's Day"], ['easter-2', 'Good Friday'], ['nth:05:1:1', 'Early May Bank Holiday'], ['12-25', 'Christmas Day'], ['12-26', 'Boxing Day']],
  FR: [['01-01', "Jour de l'An"], ['easter+1', 'Easter Monday'], ['05-08', 'Victory in Europe Day'], ['07-14', 'Bastille Day'], ['11-11', 'Armistice Day']],
  ES: [['01-06', 'Epiphany'], ['easter-2', 'Good Friday'], ['10-12', 'National Day of Spain'], ['12-25', 'Christmas Day']],
  IT: [['01-01', 'Capodanno'], ['easter+1', 'Easter Monday'], ['04-25', 'Liberation Day'], ['06-02', 'Republic Day'], ['08-15', 'Ferragosto']],
  GR: [['03-25', 'Independence Day'], ['10-28', 'Ochi Day'], ['12-25', 'Christmas Day']],
  MT: [['03-31', 'Freedom Day'], ['09-21', 'Independence Day'], ['12-13', 'Republic Day']],
  SE: [['06-06', 'National Day of Sweden'], ['12-24', 'Christmas Eve'], ['12-25', 'Christmas Day']],
  MA: [['07-30', 'Throne Day'], ['fitr', 'Eid al-Fitr'], ['11-18', 'Independence Day']],
  ZA: [['03-21', 'Human Rights Day'], ['04-27', 'Freedom Day'], ['06-16', 'Youth Day'], ['09-24', 'Heritage Day'], ['12-16', 'Day of Reconciliation']],
  NG: [['06-12', 'Democracy Day'], ['fitr', 'Eid al-Fitr'], ['10-01', 'Independence Day']],
  TG: [['04-27', 'Independence Day'], ['05-01', 'Labour Day']],
  KE: [['06-01', 'Madaraka Day'], ['10-20', 'Mashujaa Day'], ['12-12', 'Jamhuri Day']],
  US: [['01-01', "New Year's Day"], ['nth:05:1:-1', 'Memorial Day'], ['07-04', 'Independence Day'], ['nth:09:1:1', 'Labor Day'], ['nth:11:4:4', 'Thanksgiving Day'], ['12-25', 'Christmas Day']],
  CA: [['07-01', 'Canada Day'], ['nth:09:1:1', 'Labour Day'], ['nth:10:1:2', 'Thanksgiving'], ['12-25', 'Christmas Day']],
  PA: [['01-09', "Martyrs' Day"], ['11-03', 'Separation Day'], ['11-28', 'Independence from Spain']],
  MX: [['01-01', "New Year's Day"], ['09-16', 'Independence Day'], ['12-25', 'Christmas Day']],
  JM: [['08-01', 'Emancipation Day'], ['08-06', 'Independence Day'], ['12-25', 'Christmas Day']],
  CO: [['07-20', 'Independence Day'], ['08-07', 'Battle of Boyaca'], ['12-25', 'Christmas Day']],
  BR: [['easter-47', 'Carnival'], ['04-21', 'Tiradentes'], ['09-07', 'Independence Day'], ['11-15', 'Proclamation of the Republic']],
  AR: [['05-25', 'May Revolution'], ['07-09', 'Independence Day'], ['12-25', 'Christmas Day']],
  UY: [['07-18', 'Constitution Day'], ['08-25', 'Independence Day'], ['12-25', 'Christmas Day']],
  CL: [['05-21', 'Navy Day'], ['09-18', 'Independence Day'], ['09-19', 'Army Day']],
  PE: [['06-29', 'Saint Peter and Saint Paul'], ['07-28', 'Independence Day'], ['07-29', 'Independence Day (second day)']],
  AU: [['01-26', 'Australia Day'], ['easter-2', 'Good Friday'], ['04-25', 'Anzac Day'], ['12-25', 'Christmas Day'], ['12-26', 'Boxing Day']],
  NZ: [['02-06', 'Waitangi Day'], ['04-25', 'Anzac Day'], ['12-25', 'Christmas Day']],
};

/** Western Easter Sunday (anonymous Gregorian algorithm), as UTC ms. */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return Date.UTC(year, month - 1, 1 + ((weekday - first + 7) % 7) + 7 * (n - 1));
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  return Date.UTC(year, month - 1, lastDay.getUTCDate() - ((lastDay.getUTCDay() - weekday + 7) % 7));
}

function resolve(rule: Rule, year: number): string | null {
  const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (/^\d\d-\d\d$/.test(rule)) return `${year}-${rule}`;
  if (rule.startsWith('easter')) return ymd(easter(year) + Number(rule.slice(6)) * 86_400_000);
  const table = rule === 'lunar' ? LUNAR : rule === 'fitr' ? FITR : rule === 'adha' ? ADHA : null;
  if (table) return table[year] ? `${year}-${table[year]}` : null;
  const [, mm, wd, nth] = rule.split(':');
  return ymd(nthWeekday(year, Number(mm), Number(wd), Number(nth)));
}

export interface Holiday {
  cntCd: string;
  holDt: string;
  holNm: string;
}

export function holidaysFor(year: number, countries: Iterable<string>): Holiday[] {
  const out = new Map<string, Holiday>();
  for (const cntCd of countries) {
    for (const [rule, holNm] of RULES[cntCd] ?? []) {
      const holDt = resolve(rule, year);
      if (holDt && !out.has(`${cntCd}${holDt}`)) out.set(`${cntCd}${holDt}`, { cntCd, holDt, holNm });
    }
  }
  return [...out.values()];
}
