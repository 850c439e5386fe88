// The results screen's states (spec §2, §4, §8): loading, error, empty, missing id, and another user's id.
import { createUser, freshCredentials } from './fixtures/emulator';
import { expect, test } from './fixtures/analyses';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseCsv } from '../helpers/csv';
import { buildingTile, darkPoolsTile, greyPoolsTile, poolsTile, storedImageFiles } from './fixtures/images';
import { gate, isOperation } from './fixtures/operations';

const LOAD_FAILED = 'Failed to load analysis results. Please try again.';

test('results: an unknown id shows the red error box, whose button returns to the analysis screen', async ({ page, login }) => {
  await login();
  // Hold the answer back until the loading state has been seen.
  const answer = gate();
  await page.route('/graphql', async (route) => {
    if (isOperation(route.request().postData(), 'AnalysisResultsScreenQuery')) await answer.held();
    await route.fallback();
  });
  await page.goto('/analysis-results/7d0f3c8e-2b1a-4c5d-9e8f-0a1b2c3d4e5f');
  await expect(page.getByRole('heading', { name: 'Analysis Results' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading analysis results...' })).toBeVisible();
  answer.open();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(LOAD_FAILED);
  await expect(alert).toHaveClass(/bg-red-50/);
  await expect(page.getByRole('status').filter({ hasText: 'Loading analysis results...' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New Analysis' })).toHaveAttribute('href', '/map-analysis');
  await expect(page.getByRole('link', { name: 'View History' })).toHaveAttribute('href', '/aerial-risk/history');
  await alert.getByRole('link', { name: 'Return to Analysis' }).click();
  await expect(page).toHaveURL('/map-analysis');
  await expect(page.getByRole('heading', { name: 'Property Analysis' })).toBeVisible();
});

test('results: an id that is not even a uuid fails the same way', async ({ page, login }) => {
  await login();
  await page.goto('/analysis-results/not-an-id');
  await expect(page.getByRole('alert')).toContainText(LOAD_FAILED);
});

test('results: without an id the screen says the id is missing', async ({ page, login }) => {
  await login();
  await page.goto('/analysis-results');
  await expect(page.getByRole('heading', { name: 'Analysis Results' })).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Analysis ID is missing');
  await expect(alert.getByRole('link', { name: 'Return to Analysis' })).toHaveAttribute('href', '/map-analysis');
});

test('results: an analysis that failed shows the red error box with the reason', async ({ page, login, api }) => {
  await login();
  // An upload whose stored file is then damaged on disk (what a failing disk or a bad restore leaves): no analyzer can
  // read it, so its job ends failed, without results.
  const itemId = await api.upload(poolsTile(), 'Damaged Test Parcel');
  const files = storedImageFiles(itemId);
  expect(files).toHaveLength(1);
  writeFileSync(files[0], Buffer.from('this file was an image once\n'.repeat(40)));
  await api.requestAnalysis(itemId);
  const [failed] = await api.analyses();
  expect(failed.status).toBe('failed');
  expect(failed.analysis_results).toBeNull();

  await page.goto(`/analysis-results/${failed.analysis_id}`);
  const alert = page.getByRole('alert');
  // The specification's message, and below it why: the owner can tell a damaged file from a passing fault.
  await expect(alert.locator('p').first()).toHaveText('Failed to load analysis results. Please try again.');
  await expect(alert).toContainText('Failed to analyze image. The file is not a readable image.');
  await expect(alert).toHaveClass(/bg-red-50/);
  await expect(page.getByText('No analysis results found.')).toHaveCount(0);

  // Its image is stored: "Analyse this image again" runs a new analysis of it, without an upload. This one fails
  // again, and says so where it was asked.
  await alert.getByRole('button', { name: 'Analyse this image again' }).click();
  await expect(alert.getByText('Failed to analyze image', { exact: false })).toHaveCount(2);
  const runs = await api.analyses();
  expect(runs).toHaveLength(2);
  expect(new Set(runs.map((r) => r.image_item_id))).toEqual(new Set([itemId]));

  await alert.getByRole('link', { name: 'Return to Analysis' }).click();
  await expect(page).toHaveURL('/map-analysis');

  // The history lists both; its statistics, which count finished analyses, say where they are.
  await page.goto('/aerial-risk/history');
  await expect(page.getByTestId('history-count')).toHaveText('2 analyses');
  await expect(page.getByTestId('stats-not-counted')).toHaveText('Not counted above: 2 failed analyses (no result).');
  // The spreadsheet says why too.
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [head, ...rows] = parseCsv(readFileSync((await (await exporting).path())!, 'utf8'));
  expect(rows.map((row) => [row[head.indexOf('status')], row[head.indexOf('reason')]])).toEqual([
    ['failed', 'Failed to analyze image. The file is not a readable image.'],
    ['failed', 'Failed to analyze image. The file is not a readable image.'],
  ]);
});

test('results: an analysed image whose file is gone shows Image Not Available, and the results still show', async ({
  page,
  login,
  api,
}) => {
  const record = await api.analyse(poolsTile(), 'Lost Photo Parcel');
  // The stored file disappears after the analysis (a restore without the image folder).
  const files = storedImageFiles(record.image_item_id);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) rmSync(file);

  await login();
  await page.goto(`/analysis-results/${record.analysis_id}`);
  await expect(page.getByText('Image Not Available')).toBeVisible();
  await expect(page.getByText('Lost Photo Parcel').first()).toBeVisible();
  expect(record.risk_score).not.toBeNull();
  await expect(page.getByTestId('risk-score')).toContainText(String(record.risk_score));
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The history card draws the same placeholder in the photo's place.
  await page.goto('/aerial-risk/history');
  await expect(page.getByTestId('history-count')).toHaveText('1 analysis');
  await expect(page.getByText('Image Not Available')).toBeVisible();
});

test("results: another user's analysis reads as not found", async ({ page, login, api }) => {
  const record = await api.analyse(poolsTile(), 'Private Parcel');
  const stranger = await createUser(freshCredentials('stranger'));
  await login(stranger);
  await page.goto(`/analysis-results/${record.analysis_id}`);
  await expect(page.getByRole('alert')).toContainText(LOAD_FAILED);
  await expect(page.getByText('Private Parcel')).toHaveCount(0);
});

test('results: opened while the analysis runs, the screen follows it to the results', async ({ page, login, api }) => {
  await login();
  const itemId = await api.upload(poolsTile(), 'Live Parcel');
  // Start the analysis without waiting for it, and open its page at once.
  const analysing = api.requestAnalysis(itemId);
  const analysisId = await api.latestAnalysisId();
  await page.goto(`/analysis-results/${analysisId}`);
  await expect(page.getByRole('img', { name: 'Detected features overlay' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Live Parcel' })).toBeVisible();
  await analysing;
});

test('results: with no building found, trees are not called distant from a roof and the owner is asked to mark the building', async ({
  page,
  login,
  api,
}) => {
  // An earlier analysis of the same address, with a building, to compare with.
  const earlier = await api.analyse(poolsTile(), 'Bare Field');
  expect(earlier.risk_score).not.toBeNull();
  // A tile centred on a bare field: trees along the road, buildings only at the far corner.
  const record = await api.analyse(buildingTile(), 'Bare Field');
  expect(record.status).toBe('done');
  expect(record.risk_score).toBeNull();
  expect(record.analysis_results!.trees.count).toBeGreaterThan(0);
  await login();
  await page.goto(`/analysis-results/${record.analysis_id}`);
  await expect(page.getByRole('heading', { name: 'Not assessable' })).toBeVisible();
  await expect(page.getByText('No building was found near the centre of the image, so the property cannot be scored.')).toBeVisible();
  const treesRow = page.getByTestId('feature-trees');
  await expect(treesRow).toContainText(`${record.analysis_results!.trees.count} trees; no building found to measure from`);
  await expect(treesRow).not.toContainText('distant');
  await expect(
    page.getByText(
      'If the property has a building, mark its roof on the image (“Mark your building” on the results screen) or upload an image centred on it.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByText('Provide a clearer, higher-resolution overhead image', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Provenance' })).not.toContainText('relative to the roof');
  // Side by side with the earlier analysis, the trees are measured there and not here.
  const panel = page.getByRole('region', { name: 'This property over time' });
  await panel.getByRole('button', { name: 'Compare' }).click();
  const trees = panel
    .getByTestId('property-comparison')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Trees', exact: true }) });
  await expect(trees).toContainText(`${record.analysis_results!.trees.count} (no building found)`);
  await expect(trees).toContainText(`${earlier.analysis_results!.trees.count} (`);
  // The control that marks a building names what is missing.
  await expect(page.getByRole('button', { name: 'Wrong building?' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark your building' }).click();
  await expect(page.getByText('Click your building on the image, or move the marker with the arrow keys and press Enter.')).toBeVisible();
});

test('results: "Wrong building?" analyses the building clicked on the image and opens its results', async ({ page, login, api }) => {
  const record = await api.analyse(poolsTile(), 'Marked Parcel');
  expect(record.status).toBe('done');
  await login();
  await page.goto(`/analysis-results/${record.analysis_id}`);
  const picture = page.getByRole('img', { name: 'Aerial image of Marked Parcel' });
  await expect(picture).toBeVisible();
  await expect(page.getByText('Analysed the building you marked on the image.')).toHaveCount(0);

  // Escape leaves marking mode, as Cancel does.
  await page.getByRole('button', { name: 'Wrong building?' }).click();
  await expect(page.getByText('Click your building on the image, or move the marker with the arrow keys and press Enter.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Click your building on the image, or move the marker with the arrow keys and press Enter.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Wrong building?' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await picture.click();
  // A new analysis of the same image, whether or not a building was under the point: its own results page.
  await expect(page).not.toHaveURL(new RegExp(`${record.analysis_id}$`), { timeout: 30_000 });
  await expect(page).toHaveURL(/\/analysis-results\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Analysed the building you marked on the image.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Building you marked' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Marked Parcel' })).toBeVisible();
});

test('results: "Wrong building?" by keyboard: the image takes the focus, the arrow keys move the marker, Enter analyses there', async ({
  page,
  login,
  api,
}) => {
  const record = await api.analyse(poolsTile(), 'Keyboard Parcel');
  expect(record.status).toBe('done');
  await login();
  await page.goto(`/analysis-results/${record.analysis_id}`);
  await expect(page.getByRole('img', { name: 'Aerial image of Keyboard Parcel' })).toBeVisible();

  await page.getByRole('button', { name: 'Wrong building?' }).focus();
  await page.keyboard.press('Enter');
  const area = page.getByRole('group', { name: /^Mark your building/ });
  await expect(area).toBeFocused();
  await expect(page.getByRole('img', { name: 'Marker' })).toBeVisible();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('Enter');

  await expect(page).not.toHaveURL(new RegExp(`${record.analysis_id}$`), { timeout: 30_000 });
  await expect(page).toHaveURL(/\/analysis-results\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Analysed the building you marked on the image.')).toBeVisible({ timeout: 30_000 });
  const marked = await api.analysis(page.url().split('/').pop()!);
  expect(marked.subject_point).toEqual({ x: 0.6, y: 0.4 });
});

test('results: a dark frame is analysed with its exposure corrected, and Provenance says so', async ({ page, login, api }) => {
  const record = await api.analyse(await darkPoolsTile(), 'Dusk Parcel');
  expect(record.status).toBe('done');
  const note = String(record.evidence!.provenance.exposure_note);
  expect(note).toMatch(/^The frame is dark \(median lightness \d+ %\); it was analysed with its exposure corrected\.$/);
  await login();
  await page.goto(`/analysis-results/${record.analysis_id}`);
  const provenance = page.getByRole('region', { name: 'Provenance' });
  await expect(provenance).toContainText('Exposure');
  await expect(provenance).toContainText(note);
  // An ordinary frame has no such row.
  const ordinary = await api.analyse(poolsTile(), 'Noon Parcel');
  await page.goto(`/analysis-results/${ordinary.analysis_id}`);
  await expect(page.getByRole('heading', { name: 'Noon Parcel' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Provenance' })).not.toContainText('Exposure');
});

test('results: a greyscale image is not assessed — its features say so, no building is to be marked, and it asks for colour', async ({
  page,
  login,
  api,
}) => {
  const record = await api.analyse(await greyPoolsTile(), 'Grey Court');
  expect(record.status).toBe('done');
  expect(record.risk_score).toBeNull();
  await login();
  await page.goto(`/analysis-results/${record.analysis_id}`);
  await expect(page.getByRole('heading', { name: 'Not assessable' })).toBeVisible();
  await expect(page.getByText('The image has no colour (it is greyscale)', { exact: false })).toBeVisible();
  await expect(page.getByTestId('feature-pool')).toContainText('Not assessed');
  await expect(page.getByTestId('feature-trees')).toContainText('Not assessed');
  await expect(page.getByRole('button', { name: 'Wrong building?' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark your building' })).toHaveCount(0);
  await expect(page.getByText('Upload a colour image of the property', { exact: false })).toBeVisible();
  await expect(page.getByTestId('defensible-space-note')).toHaveText('Not measured: the image could not be assessed.');
});
