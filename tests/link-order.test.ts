// The link emulator (bench/link.ts) delivers a TCP stream's bytes in the order they were sent, as a real link does:
// many small writes queued behind each other on the slow link must not overtake one another.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FLEET_BROADBAND, startLink, type Link } from '../bench/link.ts';

const RECORDS = 5000;
const RECORD_BYTES = 8;

let link: Link | null = null;
let sink: Server | null = null;

afterEach(async () => {
  await link?.close();
  sink?.close();
  link = null;
  sink = null;
});

/** The numbers written by the far end, as the near end of the link reads them. */
async function throughTheLink(write: (server: Socket) => Promise<void>): Promise<number[]> {
  const accepted = new Promise<Socket>((resolve) => {
    sink = createServer((s) => {
      s.setNoDelay(true);
      resolve(s);
    });
  });
  await new Promise<void>((resolve) => sink?.listen(0, '127.0.0.1', resolve));
  link = await startLink((sink?.address() as { port: number }).port, FLEET_BROADBAND);
  const client = connect(Number(new URL(link.url).port), '127.0.0.1');
  const chunks: Buffer[] = [];
  client.on('data', (chunk: Buffer) => chunks.push(chunk));
  let received = 0;
  const all = new Promise<void>((resolve) =>
    client.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received >= RECORDS * RECORD_BYTES) resolve();
    }),
  );
  await write(await accepted);
  await all;
  client.destroy();
  const bytes = Buffer.concat(chunks);
  const numbers: number[] = [];
  for (let at = 0; at + RECORD_BYTES <= bytes.length; at += RECORD_BYTES)
    numbers.push(bytes.readUInt32BE(at));
  return numbers;
}

describe('the link emulator', () => {
  it('delivers many small writes in order', async () => {
    const got = await throughTheLink(async (server) => {
      // Each write its own chunk (a turn of the event loop between them), faster than the link carries them: they
      // queue up, each arriving a fraction of a millisecond after the one before.
      for (let n = 0; n < RECORDS; n++) {
        const record = Buffer.alloc(RECORD_BYTES);
        record.writeUInt32BE(n);
        server.write(record);
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    expect(got).toHaveLength(RECORDS);
    const outOfPlace = got.filter((n, i) => n !== i).length;
    expect(outOfPlace, 'records out of place').toBe(0);
  });
});
