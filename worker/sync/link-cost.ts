// Whether the link is to be treated as paid per megabyte or slow (the Network Information API where the browser has
// it): the sync timer without a live connection is 15 minutes then, else 5 (worker/sync/engine.ts).
import { linkInfo, reportsCostlyLink, type LinkInfo } from '../../src/device/meter/data-saver.ts';

/**
 * True on a metered or slow link: what the browser reports (src/device/meter/data-saver.ts; a satellite link's 800 ms
 * round trip reads as 3g or slower). A browser that cannot say (Safari, Firefox) counts as metered too: Quay's crews
 * are on paid satellite links, and the cost of guessing wrong the other way (three times the passes, each a paid
 * request) is larger than a change arriving 10 minutes later while no live connection is up.
 */
export function isMeteredLink(connection?: LinkInfo | null): boolean {
  const info = connection === undefined ? linkInfo() : connection;
  if (!info) return true;
  return reportsCostlyLink(info) || info.effectiveType === undefined;
}
