// Page model of Port to port and of Port Live's filters as a person finds them: the two ports' pickers, the weeks
// ahead, the sailings found and where they came from; the filters' choices and "Clear filters".
import { expect, type Locator, type Page } from '@playwright/test';

export class SailingsPage {
  readonly form: Locator;
  readonly weeks: Locator;
  readonly results: Locator;
  readonly resultsStatus: Locator;
  readonly filters: Locator;
  readonly terminal: Locator;
  readonly service: Locator;
  readonly delayedOnly: Locator;
  readonly clearFilters: Locator;
  readonly openFiltersButton: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('region', { name: 'Port to port' });
    this.weeks = page.getByRole('combobox', { name: 'Leaving in the next' });
    this.results = page.getByRole('region', { name: /^Sailings/ });
    this.resultsStatus = this.results.getByRole('status');
    this.filters = page.getByRole('region', { name: 'Filters' });
    this.terminal = this.filters.getByRole('combobox', { name: 'Terminal' });
    this.service = this.filters.getByRole('combobox', { name: 'Service' });
    this.delayedOnly = this.filters.getByRole('checkbox', { name: 'Delayed only' });
    this.clearFilters = this.filters.getByRole('button', { name: 'Clear filters' });
    this.openFiltersButton = this.filters.getByRole('button', { name: /^Filters/ });
  }

  /** On a phone Port Live's filters sit behind one button: opens them (at the desk they are always open). */
  async openFilters(): Promise<void> {
    await expect(this.filters).toBeVisible();
    if (
      (await this.openFiltersButton.count()) &&
      (await this.openFiltersButton.getAttribute('aria-expanded')) !== 'true'
    )
      await this.openFiltersButton.click();
  }

  /** Picks the port to sail from or to: typed into its picker, then the port's link. */
  async pick(end: 'from' | 'to', typed: string, portNm: string, portCd: string): Promise<void> {
    const picker = this.page.getByRole('search', { name: `Find the port to sail ${end}` });
    await picker.getByRole('searchbox', { name: 'Port name or code' }).fill(typed);
    await picker.getByRole('link', { name: `${portNm} ${portCd}`, exact: true }).click();
  }

  /** The vessels' names of the sailings listed, in order. */
  sailings(): Locator {
    return this.results.getByRole('listitem');
  }
}
