// Whether the link is to be treated as paid per megabyte or slow (the Network Information API where the browser has
// it): the sync timer without a live connection is 15 minutes then, else 5 (worker/sync/engine.ts).

interface NetworkInformationLike {
  saveData?: boolean;
  type?: string;
  effectiveType?: string;
}

/**
 * True on a metered or slow link: the user asked to save data, a cellular link, or an effective type of 2g or 3g
 * (a satellite link's 800 ms round trip reads as 3g or slower). A browser that cannot say (Safari, Firefox) counts
 * as metered too: Quay's crews are on paid satellite links, and the cost of guessing wrong the other way (three
 * times the passes, each a paid request) is larger than a change arriving 10 minutes later while no live
 * connection is up.
 */
export function isMeteredLink(connection?: NetworkInformationLike | null): boolean {
  const info =
    connection === undefined
      ? (globalThis as { navigator?: { connection?: NetworkInformationLike } }).navigator?.connection
      : connection;
  if (!info) return true;
  if (info.saveData === true || info.type === 'cellular') return true;
  return info.effectiveType === undefined || ['slow-2g', '2g', '3g'].includes(info.effectiveType);
}
