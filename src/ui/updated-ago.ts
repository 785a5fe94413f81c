// How long ago something was brought up to date, as the header's sync status and each page's data age say it.

/** "just now", "3 min ago", then coarser steps, so the live region does not speak every minute for hours. */
export function updatedAgo(then: number, now: number): string {
  const minutes = Math.floor((now - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 10) return `${minutes} min ago`;
  if (minutes < 60) return `${Math.floor(minutes / 5) * 5} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
