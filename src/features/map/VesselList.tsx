// The map's list of the vessels a group label stands for (or a tapped vessel): their names as links to their pages,
// in a small box kept inside the map beside them. Opened by a tap or from the keyboard on the label (a button); Escape
// or Close shuts it and gives the focus back to the label.
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { placeCallout } from './labels.ts';
import type { Point } from './projection.ts';
import type { Size } from './view.ts';

export interface ListedVessel {
  id: string;
  name: string;
  href?: string | undefined;
}

const ROW = 36;
const CHROME = 44;
const MAX_HEIGHT = 220;

export function VesselList({
  vessels,
  at,
  size,
  focus,
  onClose,
}: {
  vessels: readonly ListedVessel[];
  /** The group's point, screen pixels: the box goes beside it. */
  at: Point;
  size: Size;
  /** Opened from the keyboard: the first link takes the focus. */
  focus: boolean;
  onClose: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The first vessel's link; Close when no vessel has a page.
    if (focus)
      (box.current?.querySelector<HTMLElement>('li a') ?? box.current?.querySelector('button'))?.focus();
  }, [focus]);
  const width = Math.min(size.width - 8, 240);
  const height = Math.min(size.height - 8, MAX_HEIGHT, vessels.length * ROW + CHROME);
  const [left, top] = placeCallout(at, width, height, size);
  const title = vessels.length === 1 ? '1 vessel here' : `${vessels.length} vessels here`;
  return (
    <div
      ref={box}
      className="world-map__list"
      role="dialog"
      aria-label={title}
      style={{ left, top, width, maxHeight: height }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="world-map__list-head">
        <span>{title}</span>
        <button type="button" className="world-map__list-close" aria-label="Close the list" onClick={onClose}>
          ×
        </button>
      </div>
      <ul>
        {vessels.map((v) => (
          <li key={v.id}>{v.href ? <Link href={v.href}>{v.name}</Link> : <span>{v.name}</span>}</li>
        ))}
      </ul>
    </div>
  );
}
