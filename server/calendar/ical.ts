// iCalendar text (RFC 5545) for the calendar feeds: escaped TEXT values, UTC times, and content lines folded at 75
// octets with CRLF line ends, never splitting a UTF-8 character.

export interface IcalEvent {
  uid: string;
  /** When this version of the event was made: DTSTAMP and LAST-MODIFIED. */
  stamp: Date;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
}

/** 2026-11-26T09:41:00.000Z as 20261126T094100Z. */
export const icalTime = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. A line break is CRLF, LF or a
 * CR alone, each written as \n: a raw CR would end the content line for some readers and break its structure.
 */
const icalText = (s: string): string => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

const LIMIT = 75;

/** One content line folded (RFC 5545 §3.1): at most 75 octets a line, each further line starting with a space. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > LIMIT) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/** A whole VCALENDAR of the events, CRLF throughout. */
export function calendar(name: string, events: readonly IcalEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Quay//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${icalText(name)}`,
    'X-PUBLISHED-TTL:PT1H',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${icalTime(e.stamp)}`,
      `LAST-MODIFIED:${icalTime(e.stamp)}`,
      `SEQUENCE:${e.sequence}`,
      `DTSTART:${icalTime(e.start)}`,
      `DTEND:${icalTime(e.end)}`,
      `SUMMARY:${icalText(e.summary)}`,
      `LOCATION:${icalText(e.location)}`,
      `DESCRIPTION:${icalText(e.description)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
