// Whether the app runs on the developer's own machine (product.md#the-common-calls: application history is sent on every route change
// outside local hosts): localhost and its subdomains, the IPv4 loopback block, the IPv6 loopback and 0.0.0.0.

/** `hostname` as `location.hostname` gives it (no port; IPv6 possibly in brackets). Case and a final dot ignored. */
export function isLocalHost(hostname: string): boolean {
  let h = hostname.trim().toLowerCase();
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1' || h === '0.0.0.0') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (v4) return Number(v4[1]) === 127 && v4.slice(2).every((part) => Number(part) <= 255);
  // IPv4-mapped IPv6 loopback, as URL parsing writes it: ::ffff:7f00:1 (or the dotted ::ffff:127.0.0.1).
  const mapped = /^::ffff:(.+)$/.exec(h);
  if (mapped?.[1]) {
    if (/^7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(mapped[1])) return true;
    return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(mapped[1]);
  }
  return false;
}
