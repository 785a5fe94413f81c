// Where `npm start` listens: on loopback unless HOST says otherwise, since the demo users' password is `demo` and a
// machine on a ship's or an office's network would otherwise offer them to everyone on it.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';

describe('the address the server listens on', () => {
  it('is loopback by default, and an empty HOST keeps it so', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
  });

  it('is what HOST says when it is set', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
  });
});
