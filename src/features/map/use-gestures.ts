// The world map's gestures: drag to pan, pinch and wheel to zoom, and a press that hardly moves is a tap. The page's
// pull-to-refresh never takes a drag that moves the map.
import { useEffect, useRef } from 'react';
import type { Point } from './projection.ts';
import { panBy, pinch, zoomAt, type Size, type View } from './view.ts';

type Pointers = Map<number, Point>;

export function useGestures(
  svgRef: React.RefObject<SVGSVGElement | null>,
  sizeRef: React.RefObject<Size | null>,
  setView: React.Dispatch<React.SetStateAction<View | null>>,
  onTap: (at: Point) => void,
) {
  const tapRef = useRef(onTap);
  tapRef.current = onTap;
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const pointers: Pointers = new Map();
    // A press that moves less than a few pixels before it lifts is a tap, not a drag.
    let press: { id: number; at: Point; moved: boolean } | null = null;
    const local = (e: { clientX: number; clientY: number }): Point => {
      const r = svg.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    const update = (f: (v: View, size: Size) => View) =>
      setView((v) => (v && sizeRef.current ? f(v, sizeRef.current) : v));

    // The page's pull-to-refresh must not take a drag that moves the map.
    const stop = (e: Event) => e.stopPropagation();
    const down = (e: PointerEvent) => {
      e.stopPropagation();
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      svg.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, local(e));
      press = pointers.size === 1 ? { id: e.pointerId, at: local(e), moved: false } : null;
    };
    const move = (e: PointerEvent) => {
      const before = pointers.get(e.pointerId);
      if (!before) return;
      const now = local(e);
      if (press && (press.id !== e.pointerId || Math.hypot(now[0] - press.at[0], now[1] - press.at[1]) > 6))
        press.moved = true;
      const others = [...pointers.entries()].filter(([id]) => id !== e.pointerId);
      const other = others[0]?.[1];
      if (pointers.size === 1) update((v, s) => panBy(v, s, now[0] - before[0], now[1] - before[1]));
      else if (other) update((v, s) => pinch(v, s, [before, other], [now, other]));
      pointers.set(e.pointerId, now);
    };
    const up = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
      if (e.type === 'pointerup' && press?.id === e.pointerId && !press.moved) tapRef.current(press.at);
      press = null;
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const at = local(e);
      const factor = Math.exp(-Math.max(-200, Math.min(200, e.deltaY)) * 0.0025);
      update((v, s) => zoomAt(v, s, factor, at));
    };
    svg.addEventListener('pointerdown', down);
    svg.addEventListener('pointermove', move);
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
    svg.addEventListener('touchstart', stop, { passive: true });
    svg.addEventListener('touchmove', stop, { passive: true });
    svg.addEventListener('wheel', wheel, { passive: false });
    return () => {
      svg.removeEventListener('pointerdown', down);
      svg.removeEventListener('pointermove', move);
      svg.removeEventListener('pointerup', up);
      svg.removeEventListener('pointercancel', up);
      svg.removeEventListener('touchstart', stop);
      svg.removeEventListener('touchmove', stop);
      svg.removeEventListener('wheel', wheel);
    };
  }, [svgRef, sizeRef, setView]);
}
