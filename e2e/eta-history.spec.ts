// How the ETA slid and the vessel particulars (product.md#eta-history, product.md#vessel-particulars) as a person finds
// them: under each call of the voyage timeline and the schedule widget, "ETA history" (collapsed) opens the first and
// current ETA and the changes; the vessel page lists the particulars. Both come from what the device holds:
// after one online visit they show with no link. axe finds nothing serious with the history open.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { formatTimeDate } from '../src/core/format/format-date.ts';
import { etaMoveWords } from '../src/core/format/format-delay.ts';
import type { CascadeCall } from '../src/core/contract/vessel.ts';
import { expect, test } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import { SignOnPage } from './page-models/sign-on.ts';
import { OWN_VESSEL, serverCascade, serverCurrent, VesselPages } from './page-models/vessel.ts';

const SHOTS = '/tmp/shots-eta';
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });

async function signOn(page: Page, usrId: string): Promise<void> {
  await page.goto('/');
  await new SignOnPage(page).signOn(usrId, 'demo');
  await new AppPage(page).expectShell();
}

/** How far the ETA went, in the app's words ("3 h later"), never a bare sign. */
const hoursText = (from: string, to: string): string =>
  etaMoveWords((Date.parse(to) - Date.parse(from)) / 3_600_000);
const inAll = (from: string, to: string): string => {
  const words = hoursText(from, to);
  return words === 'no change' ? 'back to the first ETA' : `${words} in all`;
};

/** The call's ETA history, collapsed: the button says how many changes and how far the ETA moved in all. */
async function expectHistory(call: Locator, c: CascadeCall): Promise<void> {
  const h = c.etaHist!;
  const toggle = call.getByRole('button', { name: /^ETA history: / });
  await expect(toggle).toHaveAccessibleName(
    `ETA history: ${h.chgCnt} ${h.chgCnt === 1 ? 'change' : 'changes'}, ${inAll(h.firstEta, c.eta)}`,
  );
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(call.getByRole('list', { name: `ETA changes at ${c.portCd}` })).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = call.getByRole('region', { name: `ETA history at ${c.portCd}` });
  await expect(panel.getByRole('definition').first()).toHaveText(formatTimeDate(h.firstEta));
  await expect(panel.getByRole('definition').nth(1)).toHaveText(formatTimeDate(c.eta));
  const items = panel.getByRole('list', { name: `ETA changes at ${c.portCd}` }).getByRole('listitem');
  await expect(items).toHaveCount(h.chgs.length);
  for (const [i, chg] of h.chgs.entries()) {
    await expect(items.nth(i)).toContainText(
      `${formatTimeDate(chg.chgDt)} UTC · ${chg.chgByNm ?? chg.chgBy}`,
    );
    await expect(items.nth(i)).toContainText(
      `${formatTimeDate(chg.fmEta)} → ${formatTimeDate(chg.toEta)} ${hoursText(chg.fmEta, chg.toEta)}`,
    );
  }
}

test('a vessel user sees how each ETA slid on its voyage and vessel page, and the particulars, offline too', async ({
  page,
  context,
  appPage,
}) => {
  test.setTimeout(120_000);
  await signOn(page, 'vessel');
  const pages = new VesselPages(page);
  const voyage = await serverCascade(context.request, OWN_VESSEL.vslCd);
  const vessel = await serverCurrent(context.request, OWN_VESSEL.vslCd);
  // The call with the most changes, and a call that never moved (no history shown).
  const withHist = voyage.calls.filter((c) => c.etaHist);
  expect(withHist.length).toBeGreaterThan(0);
  const target = withHist.reduce((a, b) => ((b.etaHist?.chgCnt ?? 0) > (a.etaHist?.chgCnt ?? 0) ? b : a));
  const nthOf = (c: CascadeCall) =>
    voyage.calls.slice(0, voyage.calls.indexOf(c)).filter((x) => x.portCd === c.portCd).length;

  await expect(pages.timeline.getByRole('listitem').first()).toBeVisible();
  const inTimeline = pages.timelineCall(target.portCd).nth(nthOf(target));
  await expectHistory(inTimeline, target);
  const calm = voyage.calls.find((c) => !c.etaHist);
  if (calm)
    await expect(
      pages
        .timelineCall(calm.portCd)
        .nth(nthOf(calm))
        .getByRole('button', { name: /^ETA history/ }),
    ).toHaveCount(0);
  await inTimeline.scrollIntoViewIfNeeded();
  await shot(page, 'voyage-eta-history');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await appPage.waitForServiceWorkerControl();
  await page.goto('/vessel');
  await expect(pages.map).toBeVisible();
  // Folded under the vessel's identity (product.md#follow-on-the-vessel-page): opened to be read.
  const particulars = page.getByRole('group', { name: 'Particulars' });
  const expected: [string, string][] = [
    ['IMO number', vessel.imoNo ?? '-'],
    ['MMSI', vessel.mmsi ?? ''],
    ['Call sign', vessel.callSgn ?? '-'],
    ['Flag', `Liberia (${vessel.flagCd})`],
    ['Year built', String(vessel.builtYr)],
    ['Capacity', `${vessel.teu?.toLocaleString('en')} TEU`],
    ['Length overall', `${vessel.loaM} m`],
    ['Beam', `${vessel.beamM} m`],
    ['Summer draught', `${vessel.draughtM?.toFixed(1)} m`],
  ];
  const checkParticulars = async () => {
    await particulars.getByText('Particulars', { exact: true }).click();
    for (const [term, value] of expected) {
      const row = particulars.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) });
      await expect(row).toHaveCount(1);
      await expect(
        particulars.getByRole('definition').nth(expected.findIndex(([t]) => t === term)),
      ).toHaveText(new RegExp(`${value.replace(/[()]/g, '\\$&')}$`));
    }
  };
  await checkParticulars();
  const inSchedule = pages.scheduleCall(target.portCd).nth(nthOf(target));
  await expectHistory(inSchedule, target);
  await particulars.scrollIntoViewIfNeeded();
  await shot(page, 'vessel-particulars');
  await inSchedule.scrollIntoViewIfNeeded();
  await shot(page, 'vessel-schedule-eta-history');
  const axe2 = await new AxeBuilder({ page }).analyze();
  expect(axe2.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // No link: both pages open from what the device holds, the history and the particulars with them.
  await context.setOffline(true);
  await page.goto('/voyage');
  await expectHistory(pages.timelineCall(target.portCd).nth(nthOf(target)), target);
  await shot(page, 'offline-voyage-eta-history');
  await page.goto('/vessel');
  await checkParticulars();
  await expectHistory(pages.scheduleCall(target.portCd).nth(nthOf(target)), target);
  await shot(page, 'offline-vessel', true);
});

test('a shore user sees who moved an ETA, and that only the newest 10 of more changes are listed', async ({
  page,
  context,
}) => {
  // A vessel nobody follows and no other test reads: its next call's ETA moved 11 times by the staff user.
  const vslCd = 'SWTL';
  await signOn(page, 'staff');
  let callSeq: number | undefined;
  for (let i = 0; i < 11; i++) {
    const res = await context.request.post('/api/dev/eta', {
      data: { vslCd, hours: i % 2 ? -1 : 1.5, usrId: 'staff', ...(callSeq ? { callSeq } : {}) },
    });
    expect(res.ok(), await res.text()).toBe(true);
    callSeq = ((await res.json()) as { callSeq: number }).callSeq;
  }
  const voyage = await serverCascade(context.request, vslCd);
  const c = voyage.calls.find((x) => x.callSeq === callSeq)!;
  expect(c.etaHist?.chgCnt).toBeGreaterThanOrEqual(11);
  expect(c.etaHist?.chgs).toHaveLength(10);

  await page.goto(`/vessel/${vslCd}`);
  const pages = new VesselPages(page);
  const nth = voyage.calls.slice(0, voyage.calls.indexOf(c)).filter((x) => x.portCd === c.portCd).length;
  const call = pages.scheduleCall(c.portCd).nth(nth);
  await expectHistory(call, c);
  const panel = call.getByRole('region', { name: `ETA history at ${c.portCd}` });
  await expect(panel.getByText(`The last 10 of ${c.etaHist?.chgCnt} changes`)).toBeVisible();
  // Named as people read it, not by the user ID.
  await expect(panel.getByRole('listitem').last()).toContainText(`UTC · ${c.etaHist?.chgs.at(-1)?.chgByNm}`);
  await expect(panel.getByRole('listitem').last()).not.toContainText('UTC · staff');
  await panel.getByText(/^The last 10 of/).scrollIntoViewIfNeeded();
  await shot(page, 'vessel-eta-history-capped');
});
