// Page model of chat as a person finds it: the Chat Space item of the app bar with its unread badge, the room list
// (/chat/) and a room's conversation (/chat/{vslCd}): its messages, the composer ("Message", Send).
import { expect, type Locator, type Page } from '@playwright/test';
import { AppPage } from './app.ts';
import { signOn } from './sign-on.ts';

export class ChatPage {
  readonly app: AppPage;
  readonly chatSpace: Locator;
  readonly messages: Locator;
  readonly input: Locator;
  readonly sendButton: Locator;

  constructor(readonly page: Page) {
    this.app = new AppPage(page);
    this.chatSpace = this.app.appBarItem('Chat Space');
    this.messages = page.getByRole('list', { name: 'Messages' });
    this.input = page.getByRole('textbox', { name: 'Message' });
    this.sendButton = page.getByRole('button', { name: 'Send' });
  }

  /** Signs on at /sso/login and waits for the shell. */
  async signOn(usrId: string): Promise<void> {
    await signOn(this.page, usrId);
  }

  /** The number on Chat Space's badge (0 when it shows none). Reads without waiting: the badge may go at any time. */
  async unread(): Promise<number> {
    const [text] = await this.chatSpace.locator('.app-bar__badge').allTextContents();
    return Number.parseInt(text ?? '0', 10) || 0;
  }

  /** A message of the conversation by its text. */
  message(text: string): Locator {
    return this.messages.getByRole('listitem').filter({ hasText: text });
  }

  /** Types a message and sends it with Enter. */
  async send(text: string): Promise<void> {
    await this.input.fill(text);
    await this.input.press('Enter');
    await expect(this.input).toHaveValue('');
  }

  /** The texts of the conversation's messages, in order. */
  texts(): Promise<string[]> {
    return this.messages.locator('.chat-msg__text').allTextContents();
  }
}
