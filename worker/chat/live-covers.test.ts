import { describe, expect, it } from 'vitest';
import { SLOW_DATASET_MAX_AGE_MS } from '../sync/run-sync.ts';
import { liveCovers } from './index.ts';

const NOW = 1_800_000_000_000;
const up = { state: 'connected', subscribed: true };

describe('liveCovers: a routine sync pass leaves chat to the live connection', () => {
  it('while it is connected and subscribed and the room list is less than an hour old', () => {
    expect(liveCovers(up, NOW - 60_000, NOW)).toBe(true);
  });

  it.each([
    ['connecting', { state: 'connecting', subscribed: false }, NOW - 60_000],
    ['connecting, rooms never synced', { state: 'connecting', subscribed: false }, null],
    [
      'connected, not yet subscribed',
      { state: 'connected', subscribed: false },
      NOW - SLOW_DATASET_MAX_AGE_MS,
    ],
  ])(
    'while a connection is being made (%s): its catch-up asks once subscribed',
    (_what, status, syncedAt) => {
      expect(liveCovers(status, syncedAt, NOW)).toBe(true);
    },
  );

  it.each([
    ['waiting to reconnect', { state: 'waiting', subscribed: false }, NOW - 60_000],
    ['off', { state: 'off', subscribed: false }, NOW - 60_000],
    ['connected, rooms never synced', up, null],
    ['connected, rooms an hour old', up, NOW - SLOW_DATASET_MAX_AGE_MS],
  ])('not when %s', (_what, status, syncedAt) => {
    expect(liveCovers(status, syncedAt, NOW)).toBe(false);
  });
});
