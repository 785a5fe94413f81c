// Share (product.md#share): the device's share sheet where the browser has the Web Share API, else the address on
// the clipboard. Pure, with the browser's navigator passed in, so that both ways are tested in Node.

/** What a share came to: shared through the sheet, copied, or the user closed the sheet. */
export type Shared = 'shared' | 'copied' | 'cancelled';

type ShareNavigator = Pick<Navigator, 'clipboard'> & {
  share?: (data: ShareData) => Promise<void>;
};

export async function sharePage(url: string, title: string, nav: ShareNavigator): Promise<Shared> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title, url });
      return 'shared';
    } catch (err) {
      // Closing the sheet is the user's answer; any other refusal (no user gesture, a blocked share) copies instead.
      if (err instanceof Error && err.name === 'AbortError') return 'cancelled';
    }
  }
  await nav.clipboard.writeText(url);
  return 'copied';
}

/** A feed's address as a calendar app subscribes to it: webcal:// in place of http(s)://. */
export const webcalOf = (url: string): string => url.replace(/^https?:\/\//, 'webcal://');
