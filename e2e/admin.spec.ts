// User administration end to end (product.md#user-administration), as staff, an administrator: find a user, add one
// (a new id each run, so no other test reads it), make it a vessel user of a vessel, read its audit entries, disable
// it and see its own signed-on browser land on sign-on, enable it. A non-administrator sees no entry and is not
// allowed in. Screenshots at the phone's size and the desk's.
import type { Browser, Page } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import { SignOnPage, signOn } from './page-models/sign-on.ts';

const PASSWORD = 'e2e-password-long';

/** A user id no other run or test uses. */
const freshId = (): string => `e2e.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openUsers(page: Page): Promise<void> {
  const menu = await new AppPage(page).openMenu();
  await menu.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Users found' })).toBeVisible();
}

/** The new user signs on in a browser of its own, as a person would. */
async function signOnElsewhere(browser: Browser, baseURL: string, usrId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await new SignOnPage(page).signOn(usrId, PASSWORD);
  await expect(page.getByRole('navigation', { name: 'App bar' })).toBeVisible();
  return page;
}

async function confirm(page: Page, title: RegExp, ok: string): Promise<void> {
  const ask = page.getByRole('alertdialog', { name: title });
  await expect(ask).toContainText('every device');
  await ask.getByRole('button', { name: ok, exact: true }).click();
}

test('staff find, add, change, disable and enable a user, each in the audit log', async ({
  page,
  browser,
  baseURL,
}) => {
  await signOn(page, 'staff');
  await openUsers(page);

  // Find: the demo vessel user by its id.
  await page.getByLabel('Name, user ID or email').fill('vessel');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Users found' }).getByRole('link').first()).toContainText(
    'vessel',
  );

  // Add one, as staff first.
  const usrId = freshId();
  await page.getByRole('link', { name: 'Add user' }).click();
  const add = page.getByRole('form', { name: 'New user' });
  await add.getByLabel('User ID', { exact: true }).fill(usrId);
  await add.getByLabel('Name', { exact: true }).fill('Erin Tester');
  await add.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await add.getByRole('button', { name: 'Add user' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${usrId.replace('.', '\\.')}$`));
  await expect(page.getByRole('heading', { name: 'Erin Tester' })).toBeVisible();

  // Make it the vessel user of QHZN, found by its code among the vessels the device knows.
  const change = page.getByRole('form', { name: 'Change user' });
  await change.getByLabel('Type', { exact: true }).selectOption({ label: 'Vessel' });
  await change.getByLabel('Find a vessel').fill('QHZN');
  await change.getByRole('button', { name: /^Choose .*QHZN/ }).click();
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('definition').filter({ hasText: /^Vessel$/ })).toBeVisible();
  const changes = page.getByRole('list', { name: 'Audit entries, newest first' });
  await expect(changes.getByRole('listitem').filter({ hasText: `changed ${usrId}` })).toContainText(
    'Vessel: none → QHZN',
  );
  await expect(changes.getByRole('listitem').filter({ hasText: `added ${usrId}` })).toBeVisible();

  // It signs on in a browser of its own; then staff disable it.
  const other = await signOnElsewhere(browser, baseURL as string, usrId);
  await page.getByRole('button', { name: 'Disable user' }).click();
  await confirm(page, new RegExp(`Disable ${usrId}`), 'Disable');
  await expect(page.getByText('Disabled', { exact: true }).first()).toBeVisible();
  await expect(changes.getByRole('listitem').first()).toContainText(`disabled ${usrId}`);

  // Its next call ends on the sign-on page, which refuses it from now on.
  await other.reload();
  const otherSignOn = new SignOnPage(other);
  await otherSignOn.expectShown();
  await otherSignOn.signOn(usrId, PASSWORD);
  await expect(otherSignOn.error).toBeVisible();
  await otherSignOn.expectShown();

  // Enabled again, it may sign on.
  await page.getByRole('button', { name: 'Enable user' }).click();
  await page
    .getByRole('alertdialog', { name: new RegExp(`Enable ${usrId}`) })
    .getByRole('button', { name: 'Enable', exact: true })
    .click();
  await expect(changes.getByRole('listitem').first()).toContainText(`enabled ${usrId}`);
  await otherSignOn.signOn(usrId, PASSWORD);
  await expect(other.getByRole('navigation', { name: 'App bar' })).toBeVisible();
  await other.context().close();

  // The whole log, newest first, names staff by name.
  const menu = await new AppPage(page).openMenu();
  await menu.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('list', { name: 'Audit entries, newest first' });
  await expect(
    log
      .getByRole('listitem')
      .filter({ hasText: `enabled ${usrId}` })
      .first(),
  ).toBeVisible();
  await expect(
    log
      .getByRole('listitem')
      .filter({ hasText: `disabled ${usrId}` })
      .first(),
  ).toBeVisible();
});

test('a user administration call with no link says so and keeps what was typed', async ({
  page,
  context,
}) => {
  await signOn(page, 'staff');
  await page.goto('/admin/add-user');
  const add = page.getByRole('form', { name: 'New user' });
  await add.getByLabel('User ID', { exact: true }).fill('never.sent');
  await add.getByLabel('Name', { exact: true }).fill('Nobody Sent');
  await context.setOffline(true);
  await add.getByRole('button', { name: 'Add user' }).click();
  await expect(add.getByRole('alert')).toContainText('User administration needs the link');
  await expect(add.getByLabel('User ID', { exact: true })).toHaveValue('never.sent');
  await expect(add.getByLabel('Name', { exact: true })).toHaveValue('Nobody Sent');
  await context.setOffline(false);
});

test('a refusal by the server shows beside the field it names', async ({ page }) => {
  await signOn(page, 'staff');
  await page.goto('/admin/add-user');
  const add = page.getByRole('form', { name: 'New user' });
  // The demo vessel user's id is taken: 409, shown under User ID, what was typed kept.
  await add.getByLabel('User ID', { exact: true }).fill('vessel');
  await add.getByLabel('Name', { exact: true }).fill('Taken Id');
  await add.getByRole('button', { name: 'Add user' }).click();
  await expect(add.getByLabel('User ID', { exact: true })).toHaveAccessibleDescription(/already exists/);
  await expect(add.getByLabel('Name', { exact: true })).toHaveValue('Taken Id');
});

test('a user who is not an administrator sees no entry and is not allowed in', async ({ page }) => {
  await signOn(page, 'operator');
  const menu = await new AppPage(page).openMenu();
  await expect(menu.getByRole('link', { name: 'What the words mean' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desk', { width: 1280, height: 800 }],
] as const) {
  test(`the screens at the ${size}'s size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signOn(page, 'staff');
    await page.goto('/admin/users');
    await expect(page.getByRole('list', { name: 'Users found' })).toBeVisible();
    await expect(page.getByText('Asking the server…')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-users-${size}.png`, fullPage: true });
    await page.goto('/admin/users/agent');
    await expect(page.getByRole('form', { name: 'Change user' })).toBeVisible();
    await expect(page.getByRole('list', { name: "The agent's ports" })).toBeVisible();
    await expect(page.getByText('Asking the server…')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-user-${size}.png`, fullPage: true });
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit log', exact: true })).toBeVisible();
    await expect(page.getByText('Asking the server…')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-audit-${size}.png`, fullPage: true });
  });
}
