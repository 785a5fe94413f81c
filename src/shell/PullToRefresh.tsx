// Pull-to-refresh around the page's content (product.md#shell, product.md#constants): pulled down by a finger or a mouse drag with the
// page at its top, it shows a status pill over the content and calls onRefresh when let go past the threshold.
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Icon } from '../ui/Icon.tsx';
import {
  PULL_MAX,
  PULL_THRESHOLD,
  initialPullState,
  pullLabel,
  pullReducer,
  type PullEvent,
  type PullState,
} from './pull-to-refresh.ts';

interface Props {
  /** Starts the refresh; the indicator spins until it settles. Failures are the caller's to report. */
  onRefresh: () => Promise<unknown>;
  disabled?: boolean;
  children?: ReactNode;
}

export function PullToRefresh({ onRefresh, disabled = false, children }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PullState>(initialPullState);
  // The listeners decide synchronously (preventDefault or not), so they read and write the state through a ref.
  const stateRef = useRef(state);
  const onRefreshRef = useRef(onRefresh);
  const disabledRef = useRef(disabled);
  useEffect(() => {
    onRefreshRef.current = onRefresh;
    disabledRef.current = disabled;
  });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let mounted = true;
    let suppressClick = false;

    const dispatch = (event: PullEvent): PullState => {
      const prev = stateRef.current;
      const next = pullReducer(prev, event);
      if (next === prev) return next;
      stateRef.current = next;
      setState(next);
      if (prev.phase !== 'refreshing' && next.phase === 'refreshing') {
        Promise.resolve()
          .then(() => onRefreshRef.current())
          .catch(() => undefined)
          .finally(() => {
            if (mounted) dispatch({ type: 'done' });
          });
      }
      return next;
    };
    const canStart = (target: EventTarget | null) =>
      !disabledRef.current && pageAtTop() && !ownScroll(target, root);
    const move = (x: number, y: number): PullState => {
      if (disabledRef.current) return dispatch({ type: 'cancel' });
      const wasPulling = stateRef.current.phase === 'pulling';
      const next = dispatch({ type: 'move', x, y });
      if (!wasPulling && next.phase === 'pulling') window.getSelection()?.removeAllRanges();
      return next;
    };

    // Touch: touch events, not pointer events, since the browser cancels a touch pointer as soon as it starts
    // panning. Only touchmove is not passive, and it cancels the scroll only while a pull is under way.
    const onTouchStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (e.touches.length !== 1 || !touch) dispatch({ type: 'cancel' });
      else if (canStart(e.target)) dispatch({ type: 'start', x: touch.clientX, y: touch.clientY });
    };
    const onTouchMove = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!stateRef.current.start || !touch) return;
      if (e.touches.length > 1) {
        dispatch({ type: 'cancel' });
        return;
      }
      if (move(touch.clientX, touch.clientY).phase === 'pulling' && e.cancelable) e.preventDefault();
    };
    const onTouchEnd = (e: TouchEvent) => {
      if (e.touches.length === 0) dispatch({ type: 'release' });
    };
    const onTouchCancel = () => dispatch({ type: 'cancel' });

    // Mouse: a drag with the primary button, captured once it pulls so it may end outside the page.
    const onPointerDown = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || e.button !== 0 || isFormField(e.target) || !canStart(e.target)) return;
      dispatch({ type: 'start', x: e.clientX, y: e.clientY });
    };
    const onPointerMove = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || !stateRef.current.start) return;
      if ((e.buttons & 1) === 0) {
        dispatch({ type: 'cancel' }); // the button went up where we could not see it
        return;
      }
      if (move(e.clientX, e.clientY).phase === 'pulling' && !root.hasPointerCapture(e.pointerId)) {
        root.setPointerCapture(e.pointerId);
      }
    };
    const onPointerUp = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || !stateRef.current.start) return;
      // The click that ends a drag is not a click on what lies under the mouse.
      suppressClick = stateRef.current.phase === 'pulling';
      setTimeout(() => (suppressClick = false));
      dispatch({ type: 'release' });
    };
    const onPointerCancel = (e: PointerEvent) => {
      if (e.pointerType === 'mouse') dispatch({ type: 'cancel' });
    };
    const onClickCapture = (e: MouseEvent) => {
      if (!suppressClick) return;
      suppressClick = false;
      e.preventDefault();
      e.stopPropagation();
    };

    const passive = { passive: true };
    root.addEventListener('touchstart', onTouchStart, passive);
    root.addEventListener('touchmove', onTouchMove, { passive: false });
    root.addEventListener('touchend', onTouchEnd, passive);
    root.addEventListener('touchcancel', onTouchCancel, passive);
    root.addEventListener('pointerdown', onPointerDown);
    root.addEventListener('pointermove', onPointerMove);
    root.addEventListener('pointerup', onPointerUp);
    root.addEventListener('pointercancel', onPointerCancel);
    root.addEventListener('click', onClickCapture, true);
    return () => {
      mounted = false;
      root.removeEventListener('touchstart', onTouchStart);
      root.removeEventListener('touchmove', onTouchMove);
      root.removeEventListener('touchend', onTouchEnd);
      root.removeEventListener('touchcancel', onTouchCancel);
      root.removeEventListener('pointerdown', onPointerDown);
      root.removeEventListener('pointermove', onPointerMove);
      root.removeEventListener('pointerup', onPointerUp);
      root.removeEventListener('pointercancel', onPointerCancel);
      root.removeEventListener('click', onClickCapture, true);
    };
  }, []);

  const { phase, distance } = state;
  const armed = phase === 'pulling' && distance >= PULL_THRESHOLD;
  const indicatorStyle: CSSProperties = {
    transform: `translate(-50%, calc(${distance}px - 100%))`,
    opacity: phase === 'idle' ? 0 : Math.min(1, distance / (PULL_THRESHOLD / 2)),
  };
  const turn: CSSProperties | undefined =
    phase === 'pulling' ? { transform: `rotate(${(distance / PULL_MAX) * 270}deg)` } : undefined;

  return (
    <div ref={rootRef} className={`ptr ptr--${phase}${armed ? ' ptr--armed' : ''}`}>
      <div className="ptr__indicator" role="status" style={indicatorStyle}>
        <span className="ptr__turn" style={turn}>
          <Icon name="refresh" />
        </span>
        {phase !== 'idle' && <span className="ptr__label">{pullLabel(state)}</span>}
      </div>
      {children}
    </div>
  );
}

function pageAtTop(): boolean {
  return (document.scrollingElement ?? document.documentElement).scrollTop <= 0;
}

/** A gesture inside a dialog, or inside a scrolled box of the page, belongs to that and not to the page. */
function ownScroll(target: EventTarget | null, root: HTMLElement): boolean {
  for (let el = target instanceof Element ? target : null; el && el !== root; el = el.parentElement) {
    if (el instanceof HTMLDialogElement || el.scrollTop > 0) return true;
  }
  return false;
}

function isFormField(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable]') !== null;
}
