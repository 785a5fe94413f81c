// Honest waiting (product.md#honest-waiting), with the dev API's faults delaying Port Live's answer: a slow answer
// says it is still waiting and offers Try again, the status strip says "Server not answering", and an answer that
// never comes is said in plain words, never with the address asked.
import { expect, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';

const PORT_LIVE = '/api/v2/app/port/live';

/** The sign-on session a token names (its `sid`), to aim a fault at this browser alone. */
function sessionOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sid: string;
  };
  return claims.sid;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a slow answer says so and Try again asks anew; one that never comes is said plainly', async ({
      page,
      serverApi,
    }) => {
      test.setTimeout(120_000);
      // An operator follows no port, so nothing but the page asks for Port Live; the faults are this browser's only.
      await signOn(page, 'operator');
      const sid = sessionOf(await serverApi.token());
      const strip = page.getByRole('status', { name: 'Sync status' });
      const age = page.getByRole('status', { name: 'Data age' });
      const tryAgain = page.getByRole('button', { name: 'Try again' });

      // A port not on the device yet, whose answer hangs 45 s.
      await serverApi.fault({ path: PORT_LIVE, sid, times: 1, delayMs: 45_000 });
      await page.goto('/port/live/NLRTM');
      await expect(age).toHaveText('Still waiting for the server…');
      await expect(strip).toContainText('Server not answering');
      await expect(tryAgain).toBeVisible();
      await tryAgain.click();
      // Asked anew, it answers: the vessels show, and the strip no longer says the server is silent.
      await expect(age).toHaveText(/^As of/);
      await expect(strip).not.toContainText('Server not answering');

      // An answer that never comes (past the 20 s every request waits).
      await serverApi.fault({ path: PORT_LIVE, sid, times: 2, delayMs: 45_000 });
      await page.goto('/port/live/DEHAM');
      await expect(age).toContainText('The server did not answer.', { timeout: 40_000 });
      await expect(page.getByText(/\/api\//)).toHaveCount(0);
      await expect(strip).toContainText('Server not answering');
      await expect(tryAgain.first()).toBeVisible();
    });
  });
}
