// Page model of the smart search drawer (product.md#screens-and-routes) as a person finds it: the app bar's Search button, the dialog named
// by its title, the Keyword combobox, the clear button, the Results and Recent searches listboxes and their options
// (a port gives two: "… Port live" and "… Port current status"), and the option the arrow keys reached.
import { expect, type Locator, type Page } from '@playwright/test';

export class SearchPage {
  readonly button: Locator;
  readonly drawer: Locator;
  readonly input: Locator;
  readonly clear: Locator;
  readonly results: Locator;
  readonly recent: Locator;
  readonly noData: Locator;
  readonly fromDevice: Locator;
  /** Links inside options: ARIA allows none (an option is the target itself). */
  readonly linksInOptions: Locator;

  constructor(
    readonly page: Page,
    title = 'Smart Search',
  ) {
    this.button = page.getByRole('navigation', { name: 'App bar' }).getByRole('button', { name: 'Search' });
    this.drawer = page.getByRole('dialog', { name: title, exact: true });
    this.input = this.drawer.getByRole('combobox', { name: 'Keyword' });
    this.clear = this.drawer.getByRole('button', { name: 'Clear search' });
    this.results = this.drawer.getByRole('listbox', { name: 'Results' });
    this.recent = this.drawer.getByRole('listbox', { name: 'Recent searches' });
    this.noData = this.drawer.getByText('No data', { exact: true });
    this.fromDevice = this.drawer.getByText('Results from this device', { exact: true });
    this.linksInOptions = this.drawer.getByRole('option').getByRole('link');
  }

  async open(): Promise<void> {
    await this.button.click();
    await expect(this.drawer).toBeVisible();
    await expect(this.input).toBeFocused();
  }

  /** Types as a person does, one key at a time (the input upper-cases what it gets). */
  async type(text: string): Promise<void> {
    await this.input.pressSequentially(text);
  }

  /** A result option, by its name and type label, e.g. option('ATLAS HUDSON', 'Vessel'). */
  option(name: string, type?: string, list: Locator = this.results): Locator {
    return list.getByRole('option', { name: type ? `${name} ${type}` : new RegExp(`^${name}\\b`) });
  }

  /** The option the arrow keys reached is this one: selected, and the input (still focused) points at it. */
  async expectActive(option: Locator): Promise<void> {
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(this.input).toHaveAttribute(
      'aria-activedescendant',
      (await option.getAttribute('id')) ?? '',
    );
    await expect(this.input).toBeFocused();
  }

  /** The options of the shown results whose type label is not this one. */
  optionsNotOfType(label: string): Locator {
    return this.results.getByRole('option').filter({ hasNotText: new RegExp(`${label}$`) });
  }
}
