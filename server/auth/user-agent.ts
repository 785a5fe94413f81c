// The device and browser of a session in words, read from its User-Agent for "My devices" (product.md#my-devices):
// "Chrome 126 on Android", "Safari 17 on iPhone". A few rules of our own, enough to tell one's devices apart.

/** Browsers in the order they must be tried: each of the later ones names the earlier ones in its string too. */
const BROWSERS: readonly [name: string, version: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:CriOS|Chrome|HeadlessChrome)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]*(?: Mobile\/\w+)? Safari\//],
];

/** Systems, likewise in order: an iPhone's and an Android phone's strings also say "like Mac OS X" and "Linux". */
const SYSTEMS: readonly [name: string, test: RegExp][] = [
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
];

/** A program that is no browser names itself first: "curl/8.5.0" is "curl 8". */
const PRODUCT = /^([A-Za-z][\w.-]{0,40})\/(\d+)/;

export function deviceWords(userAgent: string): string {
  const ua = userAgent.slice(0, 512);
  const system = SYSTEMS.find(([, test]) => test.test(ua))?.[0];
  for (const [name, version] of BROWSERS) {
    const m = version.exec(ua);
    if (m) return system ? `${name} ${m[1]} on ${system}` : `${name} ${m[1]}`;
  }
  // An app added to the home screen of an iPhone or iPad runs in Safari's engine and names no browser.
  if ((system === 'iPhone' || system === 'iPad') && /AppleWebKit\//.test(ua)) return `Safari on ${system}`;
  if (system) return `A browser on ${system}`;
  const product = /Mozilla\//.test(ua) ? null : PRODUCT.exec(ua);
  return product ? `${product[1]} ${product[2]}` : 'An unknown device';
}
