// docs/configuration.md's table of environment variables is the one `npm run docs:config` writes now, and
// server/config-vars.ts, which it is written from, names every variable server/config.ts reads, with its defaults.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../server/config.ts';
import { ENV_VARS, configTable, withTable } from '../server/config-vars.ts';

const CONFIG_DOC = join(import.meta.dirname, '..', 'docs', 'configuration.md');

const configSource = readFileSync(join(import.meta.dirname, '..', 'server', 'config.ts'), 'utf8');

describe('the configuration doc', () => {
  it('holds the table the script would write now (run `npm run docs:config`)', () => {
    const doc = readFileSync(CONFIG_DOC, 'utf8');
    expect(doc).toContain(configTable());
    expect(withTable(doc)).toBe(doc);
  });

  it('lists every variable server/config.ts reads, and no other', () => {
    const read = new Set(
      [...configSource.matchAll(/env\.([A-Z_]+)|int\(env, '([A-Z_]+)'/g)].map((m) => m[1] ?? m[2]),
    );
    expect([...read].sort()).toEqual(ENV_VARS.map((v) => v.name).sort());
  });

  it('says the defaults the server takes when a variable is unset', () => {
    const config = loadConfig({ DATA_DIR: ':memory:' });
    const field: Record<string, keyof Config> = {
      PORT: 'port',
      TOKEN_TTL_S: 'tokenTtlS',
      SESSION_TTL_S: 'sessionTtlS',
      HEARTBEAT_S: 'heartbeatS',
      BODY_LIMIT: 'bodyLimit',
      SIM_TICK_S: 'simTickS',
      SCHEDULE_INTERVAL_S: 'scheduleIntervalS',
      AIS_INTERVAL_S: 'aisIntervalS',
      STOMP_HEARTBEAT_MS: 'stompHeartbeatMs',
      STOMP_SEND_BURST: 'stompSendBurst',
      STOMP_SEND_PER_MIN: 'stompSendPerMin',
      KEEP_ALIVE_S: 'keepAliveS',
      SIGN_ON_ADDR_LIMIT: 'signOnAddressLimit',
      API_KEY_PER_MIN: 'apiKeyPerMin',
    };
    for (const v of ENV_VARS.filter((e) => e.fallback !== undefined)) {
      const key = field[v.name];
      if (!key) throw new Error(`${v.name}: say here which field of Config it sets`);
      expect(config[key], v.name).toBe(v.fallback);
      expect(v.default, v.name).toBe(`\`${v.fallback}\``);
    }
    expect(config.host).toBe('127.0.0.1');
    expect(config.logLevel).toBe('info');
    expect(config.trustProxy).toBe('loopback');
  });
});
