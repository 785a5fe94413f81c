// The pull-to-refresh gesture as a pure state machine (product.md#constants: threshold 60, maximum 80, reload distance 50), so
// PullToRefresh only feeds it pointer positions and draws the result.

/** Pulled at least this far (after resistance) when let go, the page refreshes. */
export const PULL_THRESHOLD = 60;
/** The indicator never goes further than this. */
export const PULL_MAX = 80;
/** Where the indicator rests while refreshing. */
export const PULL_RELOAD_DISTANCE = 50;

type PullPhase = 'idle' | 'pulling' | 'refreshing';

export interface PullState {
  phase: PullPhase;
  /** Where the indicator is, in px below its resting place. */
  distance: number;
  /** Where the finger or mouse went down, while a gesture is followed; null otherwise. */
  start: { x: number; y: number } | null;
}

export type PullEvent =
  | { type: 'start'; x: number; y: number } // down, with the page scrolled to the top
  | { type: 'move'; x: number; y: number }
  | { type: 'release' }
  | { type: 'cancel' } // the browser took the gesture, a second finger, or turned off
  | { type: 'done' }; // the refresh finished

export const initialPullState: PullState = { phase: 'idle', distance: 0, start: null };

/**
 * How far the indicator goes for a finger travel of `dy` px: slow at first, then following, capped at PULL_MAX.
 * The resistance of pulltorefreshjs, whose defaults product.md#constants's constants are: the threshold is reached at 112.5 px
 * of travel and the maximum at 150 px.
 */
export function resistedDistance(dy: number): number {
  if (dy <= 0) return 0;
  return Math.min(1, dy / (PULL_THRESHOLD * 2.5)) * Math.min(PULL_MAX, dy);
}

export function pullReducer(state: PullState, event: PullEvent): PullState {
  switch (event.type) {
    case 'start':
      if (state.phase === 'refreshing') return state;
      return { phase: 'idle', distance: 0, start: { x: event.x, y: event.y } };

    case 'move': {
      if (!state.start) return state;
      const dx = event.x - state.start.x;
      const dy = event.y - state.start.y;
      if (state.phase === 'idle') {
        if (dx === 0 && dy === 0) return state;
        // The first movement decides: straight or slanting down is a pull, anything else is the page's own.
        if (dy <= 0 || Math.abs(dx) > dy) return initialPullState;
      }
      // Back up to where it started: the pull is over and the page scrolls again.
      if (dy <= 0) return initialPullState;
      return { phase: 'pulling', distance: resistedDistance(dy), start: state.start };
    }

    case 'release':
      if (state.phase !== 'pulling') return state.phase === 'refreshing' ? state : initialPullState;
      return state.distance >= PULL_THRESHOLD
        ? { phase: 'refreshing', distance: PULL_RELOAD_DISTANCE, start: null }
        : initialPullState;

    case 'cancel':
      return state.phase === 'refreshing' ? state : initialPullState;

    case 'done':
      return state.phase === 'refreshing' ? initialPullState : state;
  }
}

/** What the indicator says; empty when there is nothing to say. */
export function pullLabel(state: PullState): string {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'pulling':
      return state.distance >= PULL_THRESHOLD ? 'Release to refresh' : 'Pull to refresh';
    case 'refreshing':
      return 'Refreshing…';
  }
}
