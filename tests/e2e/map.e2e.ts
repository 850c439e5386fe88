// The Map Analysis tab (spec §4 Map flow, §5, §8, §9) against the app with IMAGERY_PROVIDER and
// PLACES_PROVIDER `public`, every public host answered by its local fake (playwright.config.ts):
// type → suggestions → choose → image with attribution → Analyze Property → the results with the image's
// provenance; the 300 ms throttle; the messages for a missing address and a missing image, a picture that does
// not arrive and an analysis request the network drops.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/test';
import { isOperation } from './fixtures/operations';

type RecordedRequest = { service: string; query: Record<string, string> };

/** The fakes' origins, written by tests/fakes/run-with-fakes.ts when the web server started. */
function fakeOrigin(name: 'FAKE_PHOTON_URL' | 'FAKE_USGS_URL'): string {
  const file = process.env.AERISK_E2E_FAKES_ENV;
  if (!file) throw new Error('AERISK_E2E_FAKES_ENV is not set (see playwright.config.ts)');
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`${name} missing from ${file}`);
  return line.slice(name.length + 1);
}

/** Autocomplete requests Photon received for text starting with `prefix` (tests run in parallel). */
async function photonRequests(prefix: string): Promise<string[]> {
  const response = await fetch(`${fakeOrigin('FAKE_PHOTON_URL')}/__fake/requests`);
  const requests = (await response.json()) as RecordedRequest[];
  return requests.filter((r) => r.service === 'photon' && r.query.q?.startsWith(prefix)).map((r) => r.query.q);
}

test('address → suggestion → satellite image → Analyze Property → results with the image provenance', async ({ page, login }) => {
  await login();
  await page.goto('/map-analysis');
  await expect(page.getByRole('tab', { name: 'Map Analysis' })).toHaveAttribute('aria-selected', 'true');

  const field = page.getByRole('combobox', { name: 'Property address' });
  await field.pressSequentially('White Ho', { delay: 20 });
  const list = page.getByRole('listbox', { name: 'Address suggestions' });
  await expect(list).toBeVisible();
  // The list scrolls rather than growing past its maximum height (spec §9).
  await expect(list).toHaveCSS('overflow-y', 'auto');
  expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).not.toBe('none');
  await expect(page.getByText('OpenStreetMap')).toBeVisible();
  await list.getByRole('option', { name: /White House/ }).click();

  await expect(field).toHaveValue(/White House/);
  await expect(list).toBeHidden();
  const picture = page.getByRole('img', { name: /Satellite image of White House/ });
  await expect(picture).toBeVisible();
  // Fetched with the bearer token and shown from a blob: URL; the provider is never called by the browser.
  await expect(picture).toHaveAttribute('src', /^blob:/);
  expect(await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([600, 400]);
  const figure = page.getByRole('figure');
  await expect(figure).toContainText('Imagery: U.S. Geological Survey, The National Map (public domain)');
  await expect(figure).toContainText("0.60 m/px, the imagery source's native resolution");
  await expect(figure).toContainText('Not stated by the imagery provider');

  await page.getByRole('button', { name: 'Analyze Property' }).click();
  await expect(page).toHaveURL(/\/analysis-results\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Analysis Results' })).toBeVisible();
  const provenance = page.getByRole('region', { name: 'Provenance' });
  await expect(provenance).toContainText('public', { timeout: 30_000 });
  await expect(provenance).toContainText('Imagery: U.S. Geological Survey, The National Map (public domain)');
  await expect(provenance).toContainText('0.60 m/px');
  await expect(provenance).toContainText('600 × 400 px');
});

test('suggestions are asked for at most once per 300 ms while typing quickly, and never below 3 characters', async ({ page, login }) => {
  // The page's clock is the test's: the throttle's interval passes when the test says so, not when a
  // loaded machine gets round to it (time flows as usual until pauseAt).
  await page.clock.install();
  await login();
  await page.goto('/map-analysis');
  const asked: string[] = [];
  page.on('request', (request) => {
    const body = request.method() === 'POST' && request.url().endsWith('/graphql') ? (request.postData() ?? '') : '';
    if (isOperation(body, 'useAddressSuggestionsQuery')) asked.push(body);
  });
  const field = page.getByRole('combobox', { name: 'Property address' });
  await expect(field).toBeEditable();
  await page.clock.pauseAt(Date.now() + 1000);

  // Below 3 characters the browser asks nothing at all, however long the user waits.
  await field.pressSequentially('Em');
  await page.clock.runFor(700);
  await expect(field).toHaveValue('Em');
  expect(asked).toEqual([]);
  await expect(page.getByRole('listbox', { name: 'Address suggestions' })).toBeHidden();
  await field.fill('');

  // A stamp no other test types, so requests of tests running beside this one are not counted.
  const stamp = Date.now().toString(36).slice(-3);
  const typed = `${stamp}zEmpire`;
  expect(typed).toHaveLength(10);
  // 10 keystrokes while no time passes on the page: the third character is asked for at once, the other
  // 7 wait for the interval (8 requests without the throttle).
  await field.pressSequentially(typed);
  await expect.poll(() => photonRequests(stamp)).toEqual([stamp]);
  // Once the interval has passed, only the newest text is asked for.
  await page.clock.runFor(300);
  await expect.poll(() => photonRequests(stamp)).toEqual([stamp, typed]);
  await page.clock.runFor(700);
  expect(await photonRequests(stamp)).toEqual([stamp, typed]);
  expect(asked).toHaveLength(2);
});

test('the keyboard chooses a suggestion, and the form says what is missing', async ({ page, login }) => {
  await login();
  await page.goto('/map-analysis');
  await page.getByRole('button', { name: 'Analyze Property' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please search for an address first');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter an address');

  const field = page.getByRole('combobox', { name: 'Property address' });
  await field.pressSequentially('Empire St', { delay: 20 });
  await expect(page.getByRole('option', { name: /Empire State Building/ })).toBeVisible();
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', /.+/);
  await expect(page.getByRole('option', { name: /Empire State Building/ })).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await expect(page.getByRole('img', { name: /Satellite image of Empire State Building/ })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a message goes once the address is edited; out-of-range coordinates and a place without imagery say so', async ({ page, login }) => {
  await login();
  await page.goto('/map-analysis');
  const field = page.getByRole('combobox', { name: 'Property address' });
  await page.getByRole('button', { name: 'Analyze Property' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please search for an address first');
  await field.pressSequentially('Em', { delay: 20 });
  await expect(page.getByRole('alert')).toHaveCount(0);

  await field.fill('95, 200');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Those coordinates are out of range: enter them as "latitude, longitude", with the latitude between -85.05 and 85.05 and the longitude between -180 and 180.',
  );

  // The fake USGS, like the real one, has imagery of the United States only.
  await field.fill('48.8584, 2.2945');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'There is no satellite imagery for this place. Try another address, or upload your own aerial image.',
  );
  await expect(page.getByRole('img', { name: /Satellite image/ })).toHaveCount(0);
});

test('a map image that cannot be loaded, and an analysis request the network drops, say so in the specification’s words', async ({
  page,
  login,
}) => {
  await login();
  // The connection drops on the stored picture's download, once: the fetch succeeded, the picture did not arrive.
  let imageRequests = 0;
  await page.route('**/aerial/image-file/by-id/**', async (route) => {
    imageRequests += 1;
    if (imageRequests === 1) await route.abort('connectionreset');
    else await route.fallback();
  });
  await page.goto('/map-analysis');
  const field = page.getByRole('combobox', { name: 'Property address' });
  await field.pressSequentially('White Ho', { delay: 20 });
  await page
    .getByRole('listbox', { name: 'Address suggestions' })
    .getByRole('option', { name: /White House/ })
    .click();
  await expect(page.getByRole('alert')).toHaveText('Failed to load map image');
  await expect(page.getByRole('figure').getByText('Image Not Available')).toBeVisible();
  await expect(page.getByRole('img', { name: /Satellite image of White House/ })).toHaveCount(0);

  // Analyze Property: the request is lost on the way (no answer at all), so the screen says the image could not be
  // processed, keeps the address, and stays on the tab.
  await page.route('/graphql', async (route) => {
    if (isOperation(route.request().postData(), 'useAnalyzeImageMutation')) await route.abort('connectionreset');
    else await route.fallback();
  });
  await page.getByRole('button', { name: 'Analyze Property' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to process map image. Please try again.' })).toBeVisible();
  await expect(page).toHaveURL('/map-analysis');
  await expect(field).toHaveValue(/White House/);
});
