// Brings what the address points at into view once its data is on screen (the schedule widget for
// ?widgetPath=IBM_W2030, a voyage's call for a notification): scrolled to, focus on its heading so a screen reader
// says where it landed, and outlined for a few seconds.
import { useEffect, useRef, useState, type RefObject } from 'react';

/** How long the outline stays. */
const HIGHLIGHT_MS = 4_000;
/** How long the heading is kept in place while the page around it settles. */
const SETTLE_MS = 2_500;

/**
 * @param target what to highlight, e.g. 'IBM_W2030' or 'call:SGSIN'; null for nothing. Each target is taken once.
 * @param ready its element is rendered (the data is on screen).
 * @param heading the element that gets the focus (tabIndex -1) and is scrolled to.
 */
export function useHighlight(
  target: string | null,
  ready: boolean,
  heading: RefObject<HTMLElement | null>,
): boolean {
  const [on, setOn] = useState(false);
  const done = useRef<string | null>(null);

  useEffect(() => {
    const el = heading.current;
    if (!target || !ready || !el || done.current === target) return;
    done.current = target;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    setOn(true);
    // Sections above may still grow (the map's chunk, data arriving): keep the heading in place while the page
    // settles, unless the user scrolls first.
    let settling = true;
    const stop = () => {
      settling = false;
    };
    const keep = new ResizeObserver(() => {
      if (settling) el.scrollIntoView({ block: 'start', behavior: 'auto' });
    });
    keep.observe(document.body);
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const e of events) window.addEventListener(e, stop, { once: true, passive: true });
    const timer = setTimeout(() => {
      stop();
      keep.disconnect();
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      keep.disconnect();
      for (const e of events) window.removeEventListener(e, stop);
    };
  }, [target, ready, heading]);

  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setOn(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [on]);

  return on;
}
