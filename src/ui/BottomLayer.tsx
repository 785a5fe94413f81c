// The layer of toasts and the update prompt at the bottom of the screen. While a modal dialog is open (a drawer, an
// alert) it is drawn inside the dialog opened last: a modal dialog sits in the browser's top layer, above anything
// a z-index can raise, and makes the rest of the page inert, so a toast outside it would be hidden and unheard.
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The modal dialogs open now, in the order they opened (the last is on top). */
function useTopDialog(): HTMLDialogElement | null {
  const [top, setTop] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    let stack: HTMLDialogElement[] = [];
    const update = () => {
      const open = [...document.querySelectorAll('dialog')].filter((d) => d.open && d.matches(':modal'));
      stack = [...stack.filter((d) => open.includes(d)), ...open.filter((d) => !stack.includes(d))];
      setTop(stack.at(-1) ?? null);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['open'],
    });
    return () => observer.disconnect();
  }, []);
  return top;
}

export function BottomLayer({ children }: { children: ReactNode }) {
  const host = useTopDialog();
  const layer = <div className="bottom-layer">{children}</div>;
  return host ? createPortal(layer, host) : layer;
}
