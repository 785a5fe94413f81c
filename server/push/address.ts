// Where a push may connect (architecture.md#push-endpoints): only to public addresses, checked on the
// addresses DNS gave for the very connection being opened, so a name that resolves elsewhere later cannot slip past.
import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent, type RequestOptions } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';

/** One address of a name, as dns.lookup gives it with `all`. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (default: the system's resolver, as Node connects). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Which addresses a connection may go to. */
export type AddressPolicy = (address: string) => boolean;

/** A push that must never be sent (refused address, host or keys): the subscription can never work. */
export class PushRefused extends Error {
  override readonly name = 'PushRefused';
}

// IPv4 ranges that are not the public internet (IANA special-purpose registry): this network, private (RFC 1918),
// shared CGNAT (RFC 6598), loopback, link-local (cloud metadata lives at 169.254.169.254), IETF protocol
// assignments, documentation, the retired 6to4 relay, benchmarking, multicast and reserved (with broadcast).
const NOT_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
// Inside IPv6 global unicast (2000::/3, the only part that is public): IETF protocol assignments (Teredo and
// benchmarking among them), documentation. Addresses that carry an IPv4 one are judged by that (embeddedV4).
const NOT_PUBLIC_V6: readonly [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
];

const v4Blocked = new BlockList();
for (const [net, bits] of NOT_PUBLIC_V4) v4Blocked.addSubnet(net, bits, 'ipv4');
const v6Blocked = new BlockList();
for (const [net, bits] of NOT_PUBLIC_V6) v6Blocked.addSubnet(net, bits, 'ipv6');

/** The 16 bytes of an IPv6 address that net.isIPv6 accepts (zone already removed). */
function ipv6Bytes(text: string): number[] {
  let tail: number[] = [];
  let head = text;
  // A dotted IPv4 tail (::ffff:127.0.0.1) is its last 32 bits.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    tail = dotted.slice(1).map(Number);
    head = `${text.slice(0, dotted.index)}0:0`;
  }
  const [left, right] = head.split('::') as [string, string | undefined];
  const groups = (part: string | undefined): number[] =>
    part ? part.split(':').map((g) => parseInt(g, 16)) : [];
  const l = groups(left);
  const r = groups(right);
  const all = right === undefined ? l : [...l, ...Array<number>(8 - l.length - r.length).fill(0), ...r];
  const bytes = all.flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The IPv4 address an IPv6 one stands for: IPv4-mapped, NAT64 (64:ff9b::/96) or 6to4 (2002::/16); else null. */
function embeddedV4(b: readonly number[]): string | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return v4(12);
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  return null;
}

/** Whether an address is on the public internet: not loopback, private, link-local, CGNAT, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !v4Blocked.check(address, 'ipv4');
  // A zone (fe80::1%eth0) only exists on a local link.
  if (family !== 6 || address.includes('%')) return false;
  const bytes = ipv6Bytes(address);
  const v4 = embeddedV4(bytes);
  if (v4 !== null) return isPublicAddress(v4);
  // Outside 2000::/3: unspecified, loopback, IPv4-compatible, unique-local, link-local, multicast, NAT64 for
  // local use, reserved.
  if (((bytes[0] ?? 0) & 0xe0) !== 0x20) return false;
  return !v6Blocked.check(address, 'ipv6');
}

/** Loopback only: a push service of the tests' or a demo's own on this machine (PUSH_LOOPBACK). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  if (family !== 6 || address.includes('%')) return false;
  const bytes = ipv6Bytes(address);
  const v4 = embeddedV4(bytes);
  if (v4 !== null) return isLoopbackAddress(v4);
  return bytes.slice(0, 15).every((x) => x === 0) && bytes[15] === 1;
}

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * A `lookup` for net.connect that resolves the name and keeps only the addresses `allowed` takes; with none, the
 * connection fails with PushRefused before any socket is opened.
 */
export function guardedLookup(allowed: AddressPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    resolve(hostname).then(
      (found) => {
        const usable = found.filter((a) => (family === 0 || a.family === family) && allowed(a.address));
        const first = usable[0];
        if (!first) {
          const seen = found.map((a) => a.address).join(', ') || 'no address';
          callback(new PushRefused(`${hostname} resolves to ${seen}: not a public address`), '', 4);
        } else if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}

/**
 * The https.Agent web-push sends through: every connection's name goes through guardedLookup, and a host written as
 * an address (which Node connects to without a lookup) is judged by `allowed` itself.
 */
export function guardedAgent(allowed: AddressPolicy, resolve?: Resolver): Agent {
  class Guarded extends Agent {
    override createConnection(
      options: RequestOptions,
      callback?: (err: Error | null, stream: Duplex) => void,
    ): Duplex | null | undefined {
      const host = (options.host ?? '').replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) && !allowed(host)) {
        callback?.(new PushRefused(`${host} is not a public address`), undefined as unknown as Duplex);
        return undefined;
      }
      return super.createConnection(options, callback);
    }
  }
  // Kept alive as Node's global agent keeps them (a push service takes many pushes), idle ones closed after 5 s.
  return new Guarded({ keepAlive: true, timeout: 5000, lookup: guardedLookup(allowed, resolve) });
}
