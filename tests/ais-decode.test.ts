// The AIS decoder against real-world sentences: the worked examples of the gpsd project's AIVDM/AIVDO protocol
// guide, aisparser's own logs of real traffic, and the broken sentences a feed brings (integration.md#ais-positions-in).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AisDecoder, type Decoded } from '../server/ais/decode.ts';

const TEST_DATA = new URL('../node_modules/aisparser/test-data/', import.meta.url);

/** The sentence with its checksum made right again, for broken payloads that must not fail on the checksum. */
function sealed(body: string): string {
  let sum = 0;
  for (let i = 1; i < body.length; i++) sum ^= body.charCodeAt(i);
  return `${body}*${sum.toString(16).toUpperCase().padStart(2, '0')}`;
}

function decodeAll(lines: readonly string[]): { out: Decoded[]; decoder: AisDecoder } {
  const decoder = new AisDecoder();
  const out: Decoded[] = [];
  for (const line of lines) out.push(...decoder.decode(line));
  return { out, decoder };
}

describe('the gpsd guide worked examples', () => {
  it('message 1: a moored vessel at Seattle', () => {
    const { out } = decodeAll(['!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0*5C']);
    expect(out).toEqual([
      {
        kind: 'position',
        type: 1,
        mmsi: 477553000,
        lat: expect.closeTo(47.582833, 5),
        lon: expect.closeTo(-122.345833, 5),
        sog: 0,
        cog: 51,
        heading: 181,
        navStatus: 5,
        second: 15,
      },
    ]);
  });

  it('message 5 over two sentences: EVER DIADEM, with an ETA at minute 0', () => {
    const { out, decoder } = decodeAll([
      '!AIVDM,2,1,1,A,55?MbV02;H;s<HtKR20EHE:0@T4@Dn2222222216L961O5Gf0NSQEp6ClRp8,0*1C',
      '!AIVDM,2,2,1,A,88888888880,2*25',
    ]);
    expect(out).toEqual([
      {
        kind: 'static',
        type: 5,
        mmsi: 351759000,
        imo: '9134270',
        callSign: '3FOF8',
        name: 'EVER DIADEM',
        shipType: 70,
        lengthM: 225 + 70,
        beamM: 1 + 31,
        destination: 'NEW YORK',
        eta: { month: 5, day: 15, hour: 14, minute: 0 },
        draughtM: 12.2,
      },
    ]);
    expect(decoder.stats).toMatchObject({ sentences: 2, decoded: 1 });
  });

  it('message 18: a class B position without a heading', () => {
    const { out } = decodeAll(['!AIVDM,1,1,,A,B52K>;h00Fc>jpUlNV@ikwpUoP06,0*4C']);
    expect(out).toEqual([
      {
        kind: 'position',
        type: 18,
        mmsi: 338087471,
        lat: expect.closeTo(40.68454, 5),
        lon: expect.closeTo(-74.072132, 5),
        sog: 0.1,
        cog: 79.6,
        heading: null,
        navStatus: null,
        second: 49,
      },
    ]);
  });

  it('message 19: a position and static data at once', () => {
    const { out } = decodeAll(['!AIVDM,1,1,,B,C5N3SRgPEnJGEBT>NhWAwwo862PaLELTBJ:V00000000S0D:R220,0*0B']);
    expect(out).toMatchObject([
      { kind: 'position', type: 19, mmsi: 367059850, sog: 8.7, cog: 335.9, heading: null, second: 46 },
      {
        kind: 'static',
        type: 19,
        mmsi: 367059850,
        name: 'CAPT.J.RIMES',
        shipType: 70,
        lengthM: 26,
        beamM: 8,
      },
    ]);
  });

  it('message 24 parts A and B: the name, then call sign and type', () => {
    const { out } = decodeAll([
      '!AIVDM,1,1,,A,H42O55i18tMET00000000000000,2*6D',
      '!AIVDM,1,1,,A,H42O55lti4hhhilD3nink000?050,0*40',
    ]);
    expect(out).toMatchObject([
      { kind: 'static', type: 24, mmsi: 271041815, name: 'PROGUY', callSign: null, shipType: null },
      // Its dimensions say 0 to the bow and to port: not available, so no length or beam.
      {
        kind: 'static',
        type: 24,
        mmsi: 271041815,
        name: null,
        callSign: 'TC6163',
        shipType: 60,
        lengthM: null,
      },
    ]);
  });
});

describe("aisparser's logs of real traffic", () => {
  const log = (name: string): string[] =>
    readFileSync(new URL(name, TEST_DATA), 'utf8').split('\n').filter(Boolean);

  it('ais00835.log: every sentence counted, none thrown, every position within range', () => {
    const lines = log('ais00835.log');
    const { out, decoder } = decodeAll(lines);
    expect(decoder.stats.sentences).toBe(lines.length);
    expect(decoder.stats.dropped).toEqual({
      checksum: 0,
      garbage: 0,
      truncated: 0,
      otherType: 67,
      noPosition: 4,
      outOfRange: 10,
    });
    const kinds = new Map<string, number>();
    for (const r of out) kinds.set(`${r.kind} ${r.type}`, (kinds.get(`${r.kind} ${r.type}`) ?? 0) + 1);
    expect(Object.fromEntries(kinds)).toEqual({
      'position 1': 444,
      'position 3': 104,
      'position 18': 112,
      'static 5': 35,
      'static 24': 14,
    });
    for (const r of out)
      if (r.kind === 'position') {
        expect(Math.abs(r.lat)).toBeLessThanOrEqual(90);
        expect(Math.abs(r.lon)).toBeLessThanOrEqual(180);
      }
  });

  it('nmea-sample: messages 2 and 19 too, and its broken sentences dropped by reason', () => {
    // Its first 20,000 of 85,194 lines: enough for every type and fault, in a fraction of the time.
    const { out, decoder } = decodeAll(log('nmea-sample').slice(0, 20_000));
    expect(out.filter((r) => r.type === 2)).toHaveLength(440);
    expect(out.filter((r) => r.type === 19)).toHaveLength(2 * 23);
    // Fill bits of 6 (one station's type 6 binary messages) and multi-sentence messages with a part lost.
    expect(decoder.stats.dropped).toMatchObject({ checksum: 0, garbage: 4, truncated: 2 });
  });
});

describe('broken sentences are counted by reason and dropped', () => {
  const TYPE1 = '!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0';

  it.each([
    ['checksum', '!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0*5D'],
    ['checksum', '!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKI,0*5C'],
    ['garbage', '$GPVTG,222.30,T,,M,0.30,N,0.6,K,A*09'],
    ['garbage', 'hello'],
    ['garbage', ''],
    ['garbage', '!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0'],
    ['garbage', sealed('!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH')],
    ['garbage', sealed('!AIVDM,1,1,,B,177KQJ5000G?t{`K>RA1wUbN0TKH,0')],
    ['garbage', sealed('!AIVDM,0,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0')],
    ['garbage', sealed('!AIVDM,1,2,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0')],
    ['truncated', sealed('!AIVDM,1,1,,B,177KQJ5000G?tO`K,0')],
    ['truncated', sealed('!AIVDM,1,1,,B,,0')],
    ['truncated', '!AIVDM,2,2,1,A,88888888880,2*25'],
    ['otherType', '!AIVDM,1,1,,A,402=ac1v2rAM`OhIijP3BCw028Gm,0*2C'],
    ['noPosition', '!AIVDM,1,1,,B,15QDCP0P?w<tSF0l4Q@>4?wp00Rk,0*20'],
    ['outOfRange', '!AIVDM,1,1,,A,1000000P01rD03256g=`Dgw:08Fc,0*3B'],
  ] as const)('%s: %s', (reason, line) => {
    const decoder = new AisDecoder();
    expect(decoder.decode(line)).toEqual([]);
    expect(decoder.stats.dropped[reason]).toBe(1);
    expect(decoder.stats.decoded).toBe(0);
  });

  it('a tag block before the sentence is read past; trailing CR and spaces are not garbage', () => {
    const decoder = new AisDecoder();
    expect(decoder.decode(`\\s:2573135,c:1671620143*0B\\${sealed(TYPE1)}\r\n`)).toHaveLength(1);
    expect(decoder.decode(` ${sealed(TYPE1)}  `)).toHaveLength(1);
  });

  it('a lost second part drops its message alone: the next message with the same ID still decodes', () => {
    const part1 = '!AIVDM,2,1,1,A,55?MbV02;H;s<HtKR20EHE:0@T4@Dn2222222216L961O5Gf0NSQEp6ClRp8,0*1C';
    const part2 = '!AIVDM,2,2,1,A,88888888880,2*25';
    const { out, decoder } = decodeAll([part1, part1, part2]);
    expect(out).toMatchObject([{ kind: 'static', name: 'EVER DIADEM' }]);
    expect(decoder.stats.dropped.truncated).toBe(1);
  });

  it('parts of one ID on two channels are two messages, each put together from its own', () => {
    const a1 = '!AIVDM,2,1,1,A,55?MbV02;H;s<HtKR20EHE:0@T4@Dn2222222216L961O5Gf0NSQEp6ClRp8,0*1C';
    const b1 = sealed('!AIVDM,2,1,1,B,55?MbV02;H;s<HtKR20EHE:0@T4@Dn2222222216L961O5Gf0NSQEp6ClRp8,0');
    const a2 = '!AIVDM,2,2,1,A,88888888880,2*25';
    const b2 = sealed('!AIVDM,2,2,1,B,88888888880,2');
    const { out } = decodeAll([a1, b1, a2, b2]);
    expect(out).toHaveLength(2);
  });
});
