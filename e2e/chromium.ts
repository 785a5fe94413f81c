// Which Chromium the e2e tests drive (Debian's, not a Playwright download) and the flags that keep it quiet.
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium when present; undefined when neither exists. */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export function assertChromium(): string {
  const path = chromiumPath();
  if (path && existsSync(path)) return path;
  throw new Error(
    `No Chromium found${path ? ` at CHROMIUM_PATH=${path}` : ''}. ` +
      'Install one with `apt-get update && apt-get install -y chromium` (Debian), ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}
