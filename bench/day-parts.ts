// The parts of a vessel user's day (bench/day.ts), each done in the browser as the crew would and measured on the
// link: first install, the open app with nothing happening, a notification arriving, a chat message each way, a page
// opening and a reopening. Only the screen, the wire and the dev API are used: nothing of the app's insides.
import { expect } from '@playwright/test';
import { dataShownAt } from './browser.ts';
import { measure, quiet, settled, type Side, type Window } from './day-side.ts';

export const USER = 'vessel';
const VESSEL = 'QHZN';
const HOME = '/voyage';
const SCREEN_TIMEOUT = 60_000;

/** Fresh profile: sign-on, the app, its precache and the first sync, until the link is quiet. */
export function install(side: Side): Promise<Window> {
  const { page } = side;
  return measure(side, async () => {
    await page.goto('/');
    await page.getByLabel('User ID').fill(USER);
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign on' }).click();
    await page.waitForURL((url) => url.pathname === HOME, { timeout: SCREEN_TIMEOUT });
    await dataShownAt(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    return true;
  });
}

/** The open app, on its home page, with nothing happening for `minutes`. */
export async function idle(side: Side, minutes: number): Promise<Window> {
  await settled(side);
  return measure(side, async () => {
    await new Promise((r) => setTimeout(r, minutes * 60_000));
    return true;
  });
}

const notificationButton = (side: Side) =>
  side.page.getByRole('navigation', { name: 'App bar' }).getByRole('button', { name: 'Notification' });
const notificationItems = (side: Side) =>
  side.page
    .getByRole('dialog', { name: 'Notification', exact: true })
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem');

/** Opens the notification list and leaves it open, so that a new one shows at its top. */
export async function openNotifications(side: Side): Promise<void> {
  await notificationButton(side).click();
  await expect(notificationItems(side).first()).toBeVisible({ timeout: SCREEN_TIMEOUT });
  await quiet(side.link);
}

export async function closeNotifications(side: Side): Promise<void> {
  await side.page.keyboard.press('Escape');
  await quiet(side.link);
}

/**
 * Kinds the probes take in turn: a collapsed item's markup shows its kind, vessel and time to the minute, so two
 * probes of one kind in the same minute look alike; one of another kind than the probe before is told apart.
 */
const PROBE_KINDS = ['N003', 'N005', 'N006', 'N001'] as const;
let probes = 0;

/** The server makes one notification for the user (dev API); measured until it heads the open list. */
export function notification(side: Side, waitMs: number): Promise<Window> {
  const notId = PROBE_KINDS[probes++ % PROBE_KINDS.length];
  return measure(side, async () => {
    const top = await notificationItems(side).first().innerHTML();
    const res = await side.dev.post('/api/dev/notifications', {
      data: { usrId: USER, notId, vslCd: VESSEL },
    });
    if (!res.ok()) throw new Error(`dev API: ${res.status()} ${await res.text()}`);
    const deadline = performance.now() + waitMs;
    while (performance.now() < deadline) {
      const now = await notificationItems(side)
        .first()
        .innerHTML()
        .catch(() => top);
      if (now !== top) return true;
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  });
}

/** Opens the vessel's room from the app bar (the first message of a day is not the one the budget is about). */
export async function openChat(side: Side): Promise<void> {
  const { page } = side;
  await page.getByRole('navigation', { name: 'App bar' }).getByRole('link', { name: 'Chat Space' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: SCREEN_TIMEOUT });
  await quiet(side.link);
}

const message = (side: Side, text: string) =>
  side.page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });

/** The ship types a message and sends it with Enter; measured until it is on screen and the link is quiet. */
export function chatUp(side: Side, text: string): Promise<Window> {
  const input = side.page.getByRole('textbox', { name: 'Message' });
  return measure(side, async () => {
    await input.fill(text);
    await input.press('Enter');
    await expect(message(side, text)).toBeVisible({ timeout: SCREEN_TIMEOUT });
    return true;
  });
}

/** A shore member of the vessel's room, found by asking the dev API to post as each demo shore user in turn. */
export async function shoreSender(side: Side): Promise<string> {
  for (const sender of ['staff', 'operator', 'agent', 'viewer']) {
    const res = await side.dev.post('/api/dev/chat/messages', {
      data: { vslCd: VESSEL, sender, text: `Good morning from ${sender}.` },
    });
    if (res.ok()) {
      await expect(message(side, `Good morning from ${sender}.`)).toBeVisible({ timeout: SCREEN_TIMEOUT });
      await quiet(side.link);
      return sender;
    }
  }
  throw new Error(`no demo shore user may post in ${VESSEL}'s room`);
}

/** Shore sends a message (dev API, as its app would store it); measured until it is on the ship's screen. */
export function chatDown(side: Side, sender: string, text: string): Promise<Window> {
  return measure(side, async () => {
    const res = await side.dev.post('/api/dev/chat/messages', { data: { vslCd: VESSEL, sender, text } });
    if (!res.ok()) throw new Error(`dev API: ${res.status()} ${await res.text()}`);
    await expect(message(side, text)).toBeVisible({ timeout: SCREEN_TIMEOUT });
    return true;
  });
}

/** The pages a crew opens in the app, in turn (the app's own navigation, no new page load). */
export const PAGES = ['/vessel', HOME, '/service/AEX', '/vessel/schedule', '/myvessel', `/chat/${VESSEL}`];

/** An in-app page opening: the address changes as a link click changes it; measured until the link is quiet. */
export function pageOpening(side: Side, path: string): Promise<Window> {
  return measure(side, async () => {
    await side.page.evaluate((to) => history.pushState(null, '', to), path);
    await side.page.waitForURL((url) => url.pathname === path);
    // The page's data shows from the device; whatever it asks the server follows within a moment.
    await new Promise((r) => setTimeout(r, 1_000));
    return true;
  });
}

/** A reopening: a new page load of the home from the device, until its data is on screen and the link is quiet. */
export function reopening(side: Side): Promise<Window> {
  return measure(
    side,
    async () => {
      await side.page.goto(HOME, { waitUntil: 'commit' });
      await dataShownAt(side.page);
      return true;
    },
    'settled',
  );
}

/**
 * Share and Add to calendar on the vessel page (product.md#share, product.md#calendar-feed), `which` time: the first showing of
 * the feed's address asks the server for the secret; later ones, and Share, come from the device. Measured until the
 * address (or the copy's toast) is on screen and the link is quiet.
 */
export async function shareAndCalendar(side: Side, which: 'share' | 'calendar'): Promise<Window> {
  const { page } = side;
  if (new URL(page.url()).pathname !== '/vessel') {
    await page.evaluate(() => history.pushState(null, '', '/vessel'));
    await page.waitForURL((url) => url.pathname === '/vessel');
    // The page's own fetches (its data, the map's coast for the part in view) are over before anything is measured.
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await new Promise((r) => setTimeout(r, 5_000));
    await quiet(side.link);
  }
  return measure(side, async () => {
    if (which === 'share') {
      await page.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByText('Link copied: paste it to share this page.')).toBeVisible({
        timeout: SCREEN_TIMEOUT,
      });
      return true;
    }
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to calendar' });
    await expect(dialog.getByRole('textbox', { name: 'Calendar address' })).toHaveValue(/\/cal\//, {
      timeout: SCREEN_TIMEOUT,
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    return true;
  });
}

/**
 * My alerts (product.md#what-happens-when): the master sets one alert on the vessel in the notification settings, measured from the
 * tap on Save until the outbox has sent it and the link is quiet (the push, and the pull the change brings back).
 * Not a daily part: a rule is set once and costs nothing on a day it does not change.
 */
export async function alertRule(side: Side): Promise<Window> {
  const { page } = side;
  await notificationButton(side).click();
  await page.getByRole('button', { name: 'Notification settings' }).click();
  const alerts = page.getByRole('region', { name: 'My alerts' });
  await alerts.getByRole('button', { name: 'Add alert' }).click();
  await alerts.getByLabel('By more than (hours, 1 to 72)').fill('6');
  await quiet(side.link);
  const row = alerts.getByRole('listitem').filter({ hasText: 'moves by more than 6 hrs' });
  const window = await measure(side, async () => {
    await alerts.getByRole('button', { name: 'Save alert' }).click();
    await expect(row).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expect(row.getByText('Waiting to send')).toHaveCount(0, { timeout: SCREEN_TIMEOUT });
    return true;
  });
  await page.keyboard.press('Escape');
  await quiet(side.link);
  return window;
}

/**
 * How the ETA slid (issue 17): the own vessel's next ETA moves on the server (dev API, as the simulator moves it), then
 * the crew opens the voyage from another page: the voyage answer comes again with its calls' ETA history. Measured
 * until the history is on screen and the link is quiet.
 */
export async function etaSlid(side: Side): Promise<Window> {
  const { page } = side;
  await page.evaluate(() => history.pushState(null, '', '/vessel'));
  await page.waitForURL((url) => url.pathname === '/vessel');
  // A kept copy of a page's data younger than a minute is shown without asking (worker/page-data/sources.ts): a
  // crew opens the voyage minutes after its last look, not seconds.
  await new Promise((r) => setTimeout(r, 65_000));
  await quiet(side.link);
  const res = await side.dev.post('/api/dev/eta', { data: { vslCd: VESSEL, hours: 2 } });
  if (!res.ok()) throw new Error(`dev API: ${res.status()} ${await res.text()}`);
  return measure(side, async () => {
    await page.evaluate((to) => history.pushState(null, '', to), HOME);
    await page.waitForURL((url) => url.pathname === HOME);
    await expect(page.getByRole('button', { name: /^ETA history: / }).first()).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await new Promise((r) => setTimeout(r, 1_000));
    return true;
  });
}

/**
 * Port to port (product.md#port-to-port) from `from` to `to`, opened by its address: the first search keeps the
 * schedules (its page's and the worker's chunks come from the precache); a later one asks the server the search alone.
 * Measured until the sailings are listed and the link is quiet.
 */
export async function portToPort(side: Side, from: string, to: string): Promise<Window> {
  const { page } = side;
  return measure(side, async () => {
    await page.evaluate((url) => history.pushState(null, '', url), `/port/sailings?from=${from}&to=${to}`);
    await expect(page.getByRole('region', { name: /^Sailings \d+$/ })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    return true;
  });
}
