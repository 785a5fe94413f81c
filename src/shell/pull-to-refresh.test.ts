// The pull gesture: resistance capped at the maximum, refresh at or past the threshold with the indicator resting
// at the reload distance, a spring back below it, and sideways or upward gestures left to the page.
import { describe, expect, it } from 'vitest';
import {
  PULL_MAX,
  PULL_RELOAD_DISTANCE,
  PULL_THRESHOLD,
  initialPullState,
  pullLabel,
  pullReducer,
  resistedDistance,
  type PullEvent,
  type PullState,
} from './pull-to-refresh.ts';

function run(...events: PullEvent[]): PullState {
  return events.reduce(pullReducer, initialPullState);
}

const down = (y = 100, x = 50): PullEvent => ({ type: 'start', x, y });
const to = (y: number, x = 50): PullEvent => ({ type: 'move', x, y });
const release: PullEvent = { type: 'release' };

describe('resistedDistance', () => {
  it('moves less than the finger, never backwards, and stops at the maximum', () => {
    let last = 0;
    for (let dy = 1; dy <= 400; dy++) {
      const d = resistedDistance(dy);
      expect(d).toBeLessThanOrEqual(dy);
      expect(d).toBeGreaterThanOrEqual(last);
      expect(d).toBeLessThanOrEqual(PULL_MAX);
      last = d;
    }
    expect(resistedDistance(400)).toBe(PULL_MAX);
    expect(resistedDistance(0)).toBe(0);
    expect(resistedDistance(-30)).toBe(0);
  });

  it('reaches the threshold at a reachable finger travel', () => {
    expect(resistedDistance(112)).toBeLessThan(PULL_THRESHOLD);
    expect(resistedDistance(112.5)).toBe(PULL_THRESHOLD);
  });
});

describe('pullReducer', () => {
  it('follows a downward pull and says "Pull to refresh", then "Release to refresh" past the threshold', () => {
    const short = run(down(100), to(150));
    expect(short.phase).toBe('pulling');
    expect(short.distance).toBeGreaterThan(0);
    expect(short.distance).toBeLessThan(PULL_THRESHOLD);
    expect(pullLabel(short)).toBe('Pull to refresh');

    const far = run(down(100), to(150), to(260));
    expect(far.distance).toBeGreaterThanOrEqual(PULL_THRESHOLD);
    expect(pullLabel(far)).toBe('Release to refresh');
  });

  it('caps the distance at the maximum however far the finger goes', () => {
    expect(run(down(0), to(10), to(800)).distance).toBe(PULL_MAX);
  });

  it('refreshes when released at or past the threshold, resting at the reload distance until done', () => {
    const refreshing = run(down(100), to(120), to(300), release);
    expect(refreshing).toMatchObject({ phase: 'refreshing', distance: PULL_RELOAD_DISTANCE });
    expect(pullLabel(refreshing)).toBe('Refreshing…');

    // A new touch while refreshing changes nothing.
    expect(pullReducer(refreshing, down())).toBe(refreshing);
    expect(pullReducer(refreshing, { type: 'cancel' })).toBe(refreshing);

    const done = pullReducer(refreshing, { type: 'done' });
    expect(done).toEqual(initialPullState);
    expect(pullLabel(done)).toBe('');
  });

  it('refreshes when released exactly at the threshold', () => {
    expect(run(down(0), to(1), to(112.5), release).phase).toBe('refreshing');
  });

  it('springs back when released below the threshold', () => {
    const back = run(down(100), to(160), release);
    expect(back).toEqual(initialPullState);
  });

  it('leaves an upward or sideways first movement to the page', () => {
    expect(run(down(100), to(90))).toEqual(initialPullState);
    expect(run(down(100, 50), to(104, 80))).toEqual(initialPullState);
    // Once left, the same gesture coming back down does not pull.
    expect(run(down(100), to(90), to(300)).phase).toBe('idle');
  });

  it('waits while the pointer has not moved, and ignores moves without a start', () => {
    expect(run(down(100), to(100)).start).toEqual({ x: 50, y: 100 });
    expect(run(to(300))).toEqual(initialPullState);
  });

  it('ends the pull when the finger goes back above where it started, or the gesture is cancelled', () => {
    expect(run(down(100), to(200), to(95))).toEqual(initialPullState);
    expect(run(down(100), to(300), { type: 'cancel' })).toEqual(initialPullState);
  });
});
