// Page model of the sign-on page (/sso/login), found as a person would: by labels, roles and visible text.
import { expect, type Locator, type Page } from '@playwright/test';

export class SignOnPage {
  readonly userId: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.userId = page.getByLabel('User ID');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Sign on' });
    this.error = page.getByRole('alert');
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/sso\/login(\?|$)/);
    await expect(this.submit).toBeVisible();
  }

  /** The demo user's name as the page lists it, e.g. the master's name for `vessel`. */
  async demoUserName(usrId: string): Promise<string> {
    const row = this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: usrId, exact: true }) });
    const name = await row.getByRole('cell').nth(1).textContent();
    if (!name) throw new Error(`The sign-on page lists no demo user ${usrId}`);
    return name.trim();
  }

  async signOn(usrId: string, password: string): Promise<void> {
    await this.expectShown();
    await this.userId.fill(usrId);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/**
 * Signs a demo user on from the app's address, as a person would (the sign-on form), and waits for the app's bar;
 * gives the user's name as the sign-on page lists it.
 */
export async function signOn(page: Page, usrId: string): Promise<string> {
  const signOnPage = new SignOnPage(page);
  await page.goto('/');
  await signOnPage.expectShown();
  const name = await signOnPage.demoUserName(usrId);
  await signOnPage.signOn(usrId, 'demo');
  await expect(page.getByRole('navigation', { name: 'App bar' })).toBeVisible();
  return name;
}
