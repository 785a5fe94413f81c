// Search by IMO number, MMSI and call sign (product.md#search-drawer), online and at sea from the device's index; and
// users who search vessels only are told so, with the way to ports, when a port's name finds nothing.
import { expect, test } from './fixtures.ts';
import { readQuayDb, syncedDatasets } from './page-models/quay-db.ts';
import { SearchPage } from './page-models/search.ts';
import { signOn } from './page-models/sign-on.ts';

const IDS = ['9527582', 'IMO 9527582', '636527582', 'D5KM6'];

test('IMO number, MMSI and call sign find QUAY HORIZON online, and at sea from the device', async ({
  page,
  context,
}) => {
  await signOn(page, 'staff');
  const search = new SearchPage(page);
  await search.open();
  for (const kw of IDS) {
    await search.input.fill('');
    await search.type(kw);
    await expect(search.option('QUAY HORIZON', 'Vessel')).toBeVisible();
    await expect(search.fromDevice).toBeHidden();
  }
  await search.clear.click();
  await page.keyboard.press('Escape');
  await expect
    .poll(async () => syncedDatasets(await readQuayDb(page), ['searchIndex']))
    .toEqual(['searchIndex']);
  await context.setOffline(true);
  try {
    await search.open();
    for (const kw of ['9527583', ...IDS]) {
      await search.input.fill('');
      await search.type(kw);
      if (kw === '9527583') {
        await expect(search.noData).toBeVisible();
        continue;
      }
      await expect(search.option('QUAY HORIZON', 'Vessel')).toBeVisible();
      await expect(search.fromDevice).toBeVisible();
    }
    await search.option('QUAY HORIZON', 'Vessel').click();
    await expect(page).toHaveURL(/\/vessel\/QHZN$/);
  } finally {
    await context.setOffline(false);
  }
});

for (const [usrId, viewport] of [
  ['operator', { width: 390, height: 844 }],
  ['viewer', { width: 1280, height: 800 }],
] as const) {
  test(`${usrId} at ${viewport.width}px: a port's name finds nothing, and the empty result says search finds vessels only`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signOn(page, usrId);
    const search = new SearchPage(page, 'Vessel Search');
    await search.open();
    await search.type('rotterdam');
    await expect(search.drawer.getByText('No vessel matches.')).toBeVisible();
    await expect(search.drawer.getByText(/Search finds vessels only/)).toBeVisible();
    await expect(search.noData).toBeHidden();
    // A vessel identifier still finds its vessel for them.
    await search.input.fill('');
    await search.type('D5KM6');
    await expect(search.option('QUAY HORIZON', 'Vessel')).toBeVisible();
    await search.input.fill('');
    await search.type('rotterdam');
    await search.drawer.getByRole('link', { name: 'Port Live' }).click();
    await expect(search.drawer).toBeHidden();
    await expect(page).toHaveURL(/\/port\/live/);
  });
}
