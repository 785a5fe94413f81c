// A bottom sheet (product.md#constants drawers: menu 90%, notification 76%, search 80% of the viewport) on the native
// modal <dialog>: the browser gives focus trapping, Escape, the top layer and focus return when it closes.
import {
  useId,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Icon } from './Icon.tsx';

interface Props {
  open: boolean;
  /** Asked for by the close button, Escape and a tap on the backdrop; the caller then sets `open` to false. */
  onClose: () => void;
  /** The heading, which also names the dialog. */
  title: ReactNode;
  /** Height as a percentage of the viewport's height. */
  heightPct: number;
  /** Controls before the title (for instance a back button) and before the close button (a mode toggle). */
  headerStart?: ReactNode;
  headerEnd?: ReactNode;
  /** Rendered only while open, so a closed drawer keeps no live queries or long lists mounted. */
  children?: ReactNode;
  className?: string;
}

export function Drawer({
  open,
  onClose,
  title,
  heightPct,
  headerStart,
  headerEnd,
  children,
  className,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const openRef = useRef(open);
  // A tap counts as one on the backdrop only when it both starts and ends there (not a text selection dragged out).
  const pressOnBackdrop = useRef(false);

  // A layout effect, so the dialog is in the top layer before the first paint, and it closes before React removes
  // it from the document on unmount (then the browser still gives the focus back to where it was).
  useLayoutEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  useLayoutEffect(
    () => () => {
      if (ref.current?.open) ref.current.close();
    },
    [],
  );

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  // Chromium lets a page refuse Escape only once per user activation; after that the dialog closes by itself.
  // The close event comes a task later: a dialog reopened meanwhile (StrictMode's second mount) is not closed.
  const onNativeClose = () => {
    if (openRef.current && !ref.current?.open) onClose();
  };
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressOnBackdrop.current = isOnBackdrop(event);
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressOnBackdrop.current && isOnBackdrop(event)) onClose();
    pressOnBackdrop.current = false;
  };

  const style = { '--drawer-pct': heightPct } as CSSProperties;
  return (
    <dialog
      ref={ref}
      className={className ? `drawer ${className}` : 'drawer'}
      aria-labelledby={titleId}
      style={style}
      onCancel={onCancel}
      onClose={onNativeClose}
      onPointerDown={onPointerDown}
      onClick={onClick}
    >
      <header className="drawer__header">
        {headerStart}
        <h2 id={titleId} className="drawer__title">
          {title}
        </h2>
        {headerEnd}
        <button type="button" className="drawer__icon-button" aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <div className="drawer__body">{open && children}</div>
    </dialog>
  );
}

/** The backdrop belongs to the dialog element itself: a hit on the element outside its box is one on the backdrop. */
function isOnBackdrop(event: MouseEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  const { clientX: x, clientY: y } = event;
  return x < box.left || x > box.right || y < box.top || y > box.bottom;
}
