// Registers the service worker (sw/sw.ts, built to /sw.js) in production builds; the dev server runs without one.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { type: 'classic', scope: '/' })
      .catch((err: unknown) => console.error('Service worker registration failed', err));
  // After load, so that installing the precache does not compete with the first page for the link.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
