// The install banner's decision: the browser's prompt first, the iOS hint on iOS, and nothing once installed,
// running installed, or dismissed within the last 30 days.
import { describe, expect, it } from 'vitest';
import {
  INSTALL_DISMISS_MS,
  installBannerMode,
  isDismissed,
  isIos,
  type InstallFacts,
} from './install-banner-state.ts';

const none: InstallFacts = {
  standalone: false,
  installed: false,
  dismissed: false,
  canPrompt: false,
  ios: false,
};

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

describe('installBannerMode', () => {
  it('offers the install button when the browser offers installation', () => {
    expect(installBannerMode({ ...none, canPrompt: true })).toBe('prompt');
  });

  it('gives the add-to-home-screen hint on iOS, and nothing elsewhere without a prompt', () => {
    expect(installBannerMode({ ...none, ios: true })).toBe('ios');
    expect(installBannerMode(none)).toBe('hidden');
  });

  it('hides when running installed, once installed, or when dismissed', () => {
    for (const hiding of ['standalone', 'installed', 'dismissed'] as const) {
      expect(installBannerMode({ ...none, canPrompt: true, ios: true, [hiding]: true })).toBe('hidden');
    }
  });
});

describe('isIos', () => {
  it('knows an iPhone, and an iPad that says Macintosh by its touch points', () => {
    expect(isIos(UA.iphone, 5)).toBe(true);
    expect(isIos(UA.ipadOs, 5)).toBe(true);
  });

  it('does not take a Mac or an Android phone for iOS', () => {
    expect(isIos(UA.ipadOs, 0)).toBe(false);
    expect(isIos(UA.android, 5)).toBe(false);
  });
});

describe('isDismissed', () => {
  const now = Date.UTC(2025, 5, 1);

  it('holds for 30 days after the dismissal', () => {
    expect(isDismissed(String(now - 1000), now)).toBe(true);
    expect(isDismissed(String(now - INSTALL_DISMISS_MS + 1), now)).toBe(true);
    expect(isDismissed(String(now - INSTALL_DISMISS_MS), now)).toBe(false);
  });

  it('does not hold without a dismissal, or with one that cannot be read or lies in the future', () => {
    expect(isDismissed(null, now)).toBe(false);
    expect(isDismissed('yesterday', now)).toBe(false);
    expect(isDismissed(String(now + 60_000), now)).toBe(false);
  });
});
