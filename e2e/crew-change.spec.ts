// A crew change at sea (product.md#logout): the master, with no link and a change still waiting, logs out keeping
// it; nobody can sign on until the link is back, and the screen says so; when it is, the master's session ends on the
// server and the next user signs on; the kept change goes only when the master signs on again.
import { expect, test } from './fixtures.ts';
import { NotificationsPage } from './page-models/notifications.ts';
import { readQuayDb } from './page-models/quay-db.ts';
import { SignOnPage, signOn } from './page-models/sign-on.ts';

const READ_PATH = '/api/v2/app/notification/user/read';
const USER_PATH = '/api/v2/app/common/logged-user';

test('a crew change at sea hands the device over and keeps the first user’s change for that user', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  test.setTimeout(120_000);
  await serverApi.injectNotifications({ usrId: 'vessel', notId: 'N003', count: 1 });
  await signOn(page, 'vessel');
  await appPage.waitForServiceWorkerControl();
  const tokenA = await serverApi.token();
  // This device's operations carry its id: other tests sign on as the same users and read too.
  const clientId = String((await readQuayDb(page)).meta.clientId);
  expect(clientId).not.toBe('undefined');
  const readsHere = async (usrId: string) =>
    (await serverApi.audit(usrId)).filter(
      (r) => r.path === READ_PATH && String(r.idempotencyKey).startsWith(`${clientId}:`),
    ).length;
  const readsBefore = await readsHere('vessel');

  // At sea: a notification read, a change that waits.
  await context.setOffline(true);
  const noti = new NotificationsPage(page);
  await noti.open();
  await noti.head(0).click();
  await expect(noti.unreadDot(0)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Logout says what happens to it; the master keeps it.
  const menu = await appPage.openMenu();
  await menu.getByRole('button', { name: 'Logout' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Log out with no link?' });
  await expect(ask).toContainText('1 change has not been sent');
  await expect(ask).toContainText('the server is told when the link returns');
  await ask.getByRole('button', { name: 'Keep and log out' }).click();

  // Signed out at once; nobody signs on without the link, and the screen says so, after a reload too.
  const out = page.getByRole('heading', { name: 'You are logged out' });
  await expect(out).toBeVisible();
  await expect(page.getByText(/Nobody can sign on until there is a link to the server/)).toBeVisible();
  await page.reload();
  await expect(out).toBeVisible();
  await expect(page.getByText(/Nobody can sign on until there is a link to the server/)).toBeVisible();
  // The master's session still stands on the server: it has not heard yet.
  const userWith = async (token: string) =>
    (await page.request.get(USER_PATH, { headers: { 'X-AUTH-TOKEN': token } })).status();
  expect(await userWith(tokenA)).toBe(200);

  // The link returns: the server hears of the sign-out, and the sign-on page opens.
  await context.setOffline(false);
  const signOnPage = new SignOnPage(page);
  await signOnPage.expectShown();
  await expect.poll(() => userWith(tokenA)).toBe(401);

  // The next user signs on: the master's change is not sent as that user.
  await signOnPage.signOn('operator', 'demo');
  await appPage.expectShell();
  expect(await readsHere('operator')).toBe(0);
  expect(await readsHere('vessel')).toBe(readsBefore);

  // The master signs on again: the kept change goes, as the master.
  await appPage.logout();
  await signOnPage.signOn('vessel', 'demo');
  await appPage.expectShell();
  await expect.poll(() => readsHere('vessel')).toBe(readsBefore + 1);
  expect(await readsHere('operator')).toBe(0);
});

test('a session ended on the server lands on sign-on saying why', async ({
  page,
  appPage,
  serverApi,
  request,
}) => {
  await signOn(page, 'agent');
  await appPage.expectShell();
  // The session ends elsewhere: a sign-out with this session's token, from outside this browser (its cookie stays).
  const token = await serverApi.token();
  const res = await request.get('/IBP_REFRESH.do?f_cmd=11', {
    headers: { 'X-AUTH-TOKEN': token, 'Sec-Fetch-Site': 'same-origin' },
  });
  expect(res.ok()).toBe(true);
  // The app's next call finds it.
  await page.reload();
  await new SignOnPage(page).expectShown();
  await expect(page.getByRole('status')).toHaveText('Your session ended: you signed out on another device.');
});
