// What the header's sync status says in each state (offline, syncing, updated, failed, changes waiting).
import { describe, expect, it } from 'vitest';
import { INITIAL_SYNC_STATUS, type SyncStatus } from '../device/sync/status.ts';
import { syncStatusText } from './sync-status-text.ts';

const NOW = Date.UTC(2026, 10, 22, 9, 41);
const MIN = 60_000;
const status = (change: Partial<SyncStatus>): SyncStatus => ({ ...INITIAL_SYNC_STATUS, ...change });
const sentence = (t: { main: string; detail: string }) => [t.main, t.detail].filter(Boolean).join(' · ');

describe('syncStatusText', () => {
  it('says Offline when the browser or the worker has no link, how old the data is, and the changes waiting', () => {
    expect(sentence(syncStatusText(status({ lastSyncedAt: NOW }), false, 0, NOW))).toBe(
      'Offline · updated just now',
    );
    expect(sentence(syncStatusText(status({ lastSyncedAt: NOW - 130 * MIN }), false, 2, NOW))).toBe(
      'Offline · updated 2 h ago · 2 changes waiting',
    );
    expect(sentence(syncStatusText(status({ online: false }), true, 1, NOW))).toBe(
      'Offline · 1 change waiting',
    );
  });

  it('says Syncing… during a pass, and how old the data is after it', () => {
    expect(sentence(syncStatusText(status({ syncing: true }), true, 0, NOW))).toBe('Syncing…');
    expect(sentence(syncStatusText(status({ lastSyncedAt: NOW - 5 * MIN }), true, 3, NOW))).toBe(
      'Updated 5 min ago · 3 changes waiting',
    );
    expect(sentence(syncStatusText(status({}), true, 0, NOW))).toBe('Not updated yet');
  });

  it('says Up to date while the live connection brings every change, unless a pass failed', () => {
    const live = status({ lastSyncedAt: NOW - 40 * MIN, live: true });
    expect(sentence(syncStatusText(live, true, 0, NOW))).toBe('Up to date');
    expect(sentence(syncStatusText(live, false, 0, NOW))).toBe('Offline · updated 40 min ago');
    const error = { name: 'UnknownError', message: 'The server could not be reached.' };
    expect(sentence(syncStatusText({ ...live, lastError: error }, true, 0, NOW))).toBe(
      'Updated 40 min ago · Sync failed',
    );
  });

  it('hints at a failed pass and gives its message', () => {
    const error = { name: 'UnknownError', message: 'The server could not be reached.' };
    const text = syncStatusText(status({ lastSyncedAt: NOW, lastError: error }), true, 0, NOW);
    expect(sentence(text)).toBe('Updated just now · Sync failed');
    expect(text.tone).toBe('error');
    expect(text.errorMessage).toBe(error.message);
    // Offline says it all: no failure hint on top.
    const offline = syncStatusText(status({ lastError: error }), false, 0, NOW);
    expect(offline.errorMessage).toBeNull();
  });
});

describe('a server that does not answer', () => {
  it('says so instead of "Up to date", and offline still wins', () => {
    const silent: SyncStatus = { ...INITIAL_SYNC_STATUS, live: true, lastSyncedAt: 0, notAnswering: 1 };
    const text = syncStatusText(silent, true, 0, 60_000);
    expect(text.main).toBe('Server not answering');
    expect(text.tone).toBe('error');
    expect(syncStatusText(silent, false, 0, 60_000).main).toBe('Offline');
    expect(syncStatusText({ ...silent, notAnswering: null }, true, 0, 60_000).main).toBe('Up to date');
  });
});
