// SCHEDULE_SOURCES read and checked at start (integration.md#schedule-sources-in-dcsa-ovs-v3): each provider's
// /v3/service-schedules URL and the one header that carries its key, `URL|Name: value`, comma separated.

/** One provider of DCSA OVS v3 schedules. */
export interface ScheduleSource {
  /** The first page's URL, its query (filters, limit) included. */
  url: string;
  /** The header that carries the provider's key; null for a provider that asks none. */
  header: { name: string; value: string } | null;
}

const PATH = '/v3/service-schedules';
/** RFC 9110's token: the characters a header's name may hold. */
const HEADER = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(\S(?:.*\S)?)$/;

function parseOne(entry: string): ScheduleSource {
  const [rawUrl = '', ...rest] = entry.split('|');
  const say = (why: string) => new Error(`SCHEDULE_SOURCES: "${rawUrl.trim()}" ${why}`);
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    throw say(`is not a URL (e.g. https://provider.example${PATH}|API-Key: …)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw say('must be an https:// (or http://) URL');
  // The URL is shown on /health/: a key must travel in the header, never in the URL.
  if (url.username || url.password) throw say('may not hold a user or password: put the key in the header');
  if (!url.pathname.endsWith(PATH)) throw say(`must be a provider's ${PATH} URL`);
  if (url.searchParams.has('cursor'))
    throw say('may not hold a cursor: the pages are followed by themselves');
  if (url.hash) throw say('may not hold a #fragment');
  // Another provider's calls are numbered by their place in the whole voyage (integration.md#mapping-ovs-into-quay):
  // the matched calls alone would number them otherwise, and a call would take another's place.
  const scope = url.searchParams.get('responseScope');
  if (scope !== null && scope !== 'FULL_VOYAGE')
    throw say(`asks for responseScope=${scope}: Quay reads whole voyages (FULL_VOYAGE, the default)`);
  if (rest.length > 1) throw say('takes one header after one |');
  const rawHeader = rest[0]?.trim();
  if (rawHeader === undefined) return { url: url.toString(), header: null };
  const m = HEADER.exec(rawHeader);
  if (!m?.[1] || !m[2]) throw say('takes one header after the |, written Name: value (e.g. API-Key: quay_…)');
  return { url: url.toString(), header: { name: m[1], value: m[2] } };
}

/** The sources of SCHEDULE_SOURCES; a comma in a URL is written %2C. */
export function parseScheduleSources(raw: string | undefined): ScheduleSource[] {
  if (!raw?.trim()) return [];
  const sources = raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')
    .map(parseOne);
  const twice = sources.find((s, i) => sources.findIndex((o) => o.url === s.url) !== i);
  if (twice) throw new Error(`SCHEDULE_SOURCES: "${twice.url}" is named twice`);
  return sources;
}
