// A vessel changes hands (product.md#a-vessel-changes-hands): an administrator moves a master from one vessel to
// another while the master's app is open. Without a reload, the app drops the old vessel and shows the new one. The
// master is a user made for this test, so no other test reads it.
import { expect, test } from './fixtures.ts';
import { SignOnPage, signOn } from './page-models/sign-on.ts';
import { ServerApi } from './server-api.ts';

const PASSWORD = 'e2e-password-long';
const USERS = '/api/v2/app/admin/users';

test("a master moved to another vessel sees the new vessel's voyage without a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const usrId = `e2e.master${Date.now().toString(36)}`;
  await signOn(page, 'staff');
  const staff = new ServerApi(page.context().request);
  const headers = { 'X-AUTH-TOKEN': await staff.token() };
  const made = await page.context().request.post(USERS, {
    headers,
    data: { usrId, usrNm: 'Capt. Erin Moved', usrTpCd: '4', vslCd: 'QHZN', password: PASSWORD },
  });
  expect(made.status(), await made.text()).toBe(201);

  // The master's own browser, on the QUAY HORIZON's voyage.
  const context = await browser.newContext({ baseURL });
  const master = await context.newPage();
  await master.goto('/');
  await new SignOnPage(master).signOn(usrId, PASSWORD);
  const old = master.getByRole('heading', { name: 'QUAY HORIZON (QHZN)', level: 2 });
  await expect(old).toBeVisible();

  // Ashore, the administrator moves the master to the QUAY MERIDIAN.
  const moved = await page.context().request.patch(`${USERS}/${usrId}`, { headers, data: { vslCd: 'QMRD' } });
  expect(moved.status(), await moved.text()).toBe(200);

  // The master's page follows: the new vessel's voyage, and the old one's is gone.
  await expect(master.getByRole('heading', { name: 'QUAY MERIDIAN (QMRD)', level: 2 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(old).toHaveCount(0);
  await context.close();
});
