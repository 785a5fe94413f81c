// Bad values of a path or query parameter as a broken or hostile client sends them, already encoded for a URL: the
// route fuzz (tests/fuzz-routes.test.ts) and the DCSA call's (tests/dcsa-ovs.test.ts) send each in turn.
export const BAD_IN_URL: readonly string[] = [
  'Infinity',
  '-Infinity',
  '1e999',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '-1',
  '1.5',
  'NaN',
  '0x10',
  '%00',
  'a%00b',
  '%01%1F',
  '',
  'x'.repeat(3000),
  '%E0%A4%A',
  encodeURIComponent("'; DROP TABLE users; --"),
  '..%2F..%2Fetc',
];
