// The port's offset from UTC, "UTC+8", told beside its local time (product.md#port-local-time); the local times
// themselves are src/features/vessel/port-time.ts's. The browser's Intl does the zone arithmetic.
import { toDate, type DateInput } from '../../core/format/format-date.ts';
import { zoneFormat } from '../../core/format/zone-format.ts';

/** The zone's offset from UTC at that instant: "UTC+8", "UTC+5:30", "UTC-3", "UTC"; "" for an unknown zone. */
export function utcOffset(tz: string | undefined, v: DateInput = Date.now()): string {
  const at = toDate(v);
  if (!at || !tz) return '';
  const f = zoneFormat(tz, { timeZoneName: 'shortOffset' });
  const name = f?.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  if (!name?.startsWith('GMT')) return ''; // a zone this browser does not know
  // UTC itself reads "GMT" in some browsers, "GMT+0" in others.
  return name === 'GMT' || name === 'GMT+0' ? 'UTC' : name.replace('GMT', 'UTC');
}
