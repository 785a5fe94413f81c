// Asking the open pages to load their data again (pull-to-refresh, Try again): one window event every page's data
// hook listens to (src/state/use-page-data.ts), so a button of the ui layer can ask without knowing the page.
export const REFRESH_PAGES_EVENT = 'quay:refresh-pages';

export function refreshPages(): void {
  window.dispatchEvent(new Event(REFRESH_PAGES_EVENT));
}
