// The upload flow of /map-analysis (spec §4, §5, §9) and the results screen it leads to (spec §2).
import { expect, test } from './fixtures/analyses';
import { oversizedPng, plainText, poolsTile, textNamedJpeg, tinyPng } from './fixtures/images';
import { gate, isOperation } from './fixtures/operations';

const UPLOAD_FAILED = 'Failed to upload or analyze image. Please try again.';
const bandOf = (score: number) => (score >= 67 ? 'high' : score >= 34 ? 'medium' : 'low');

test('upload: a real aerial photo shows its progress, is analysed, and its findings are drawn on the results', async ({
  page,
  login,
  api,
}) => {
  await login();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Property Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Property Analysis' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Map Analysis' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Upload Image' }).click();
  await expect(page.getByRole('tab', { name: 'Upload Image' })).toHaveAttribute('aria-selected', 'true');

  await page.getByLabel('Aerial image', { exact: true }).setInputFiles(poolsTile());
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await page.getByLabel('Property location (optional)').fill('12 Pool Lane, Chico, CA');

  // The page itself records every value the bar shows, so a loaded machine's slow sampling from here cannot
  // miss a step.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value != null && seen[seen.length - 1] !== Number(value)) seen.push(Number(value));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  const shownSoFar = () => page.evaluate(() => [...(window as unknown as { progressSeen: number[] }).progressSeen]);

  // Hold the upload until the simulated progress has climbed (by 10, to 90: however slowly a loaded machine runs
  // the page's timer), then the analysis until its state (100, "Analyzing image…") has been seen.
  const analysis = gate();
  await page.route('/graphql', async (route) => {
    const request = route.request();
    const multipart = (request.headers()['content-type'] ?? '').startsWith('multipart/form-data');
    const analyze = !multipart && isOperation(request.postData(), 'useAnalyzeImageMutation');
    if (multipart) {
      for (const until = Date.now() + 20_000; Date.now() < until && (await shownSoFar()).at(-1) !== 90;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    if (analyze) await analysis.held();
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Upload and Analyze' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText('Analyzing image…', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await shownSoFar()).includes(100)).toBe(true);
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
  const shown = await shownSoFar();
  analysis.open();
  // 0, 10, 20 … 90 while uploading (each shown once, in order), then 100 while the analysis runs.
  const climb = shown.slice(0, shown.indexOf(100));
  expect(climb.every((value) => value % 10 === 0 && value <= 90)).toBe(true);
  expect(climb).toEqual([...climb].sort((a, b) => a - b));
  expect(climb.at(-1)).toBe(90);
  expect(new Set(climb).size).toBeGreaterThan(3);

  await expect(page).toHaveURL(/\/analysis-results\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const analysisId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Analysis Results' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '12 Pool Lane, Chico, CA' })).toBeVisible();

  // The screen shows exactly what the API says about this analysis.
  const record = await api.analysis(analysisId);
  expect(record.status).toBe('done');
  const evidence = record.evidence!;
  const outlined = evidence.findings.filter((finding) => finding.polygon.length >= 2);
  expect(outlined.length).toBeGreaterThan(0);
  const overlay = page.getByRole('img', { name: 'Detected features overlay' });
  await expect(overlay).toBeVisible();
  await expect(overlay.locator('polygon, polyline')).toHaveCount(outlined.length);
  for (const feature of new Set(outlined.map((finding) => finding.feature))) {
    await expect(overlay.locator(`[data-feature="${feature}"]`)).toHaveCount(outlined.filter((f) => f.feature === feature).length);
  }
  await expect(page.getByRole('img', { name: 'Aerial image of 12 Pool Lane, Chico, CA' })).toBeVisible();

  if (record.risk_score !== null) {
    const score = page.getByTestId('risk-score');
    await expect(score).toContainText(String(record.risk_score));
    await expect(score).toHaveAttribute('data-band', bandOf(record.risk_score));
    const breakdown = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Points' }) });
    await expect(breakdown.locator('tbody tr')).toHaveCount(evidence.score_breakdown.length);
  } else {
    await expect(page.getByRole('heading', { name: 'Not assessable' })).toBeVisible();
    await expect(page.getByTestId('risk-score')).toHaveCount(0);
  }
  const results = record.analysis_results!;
  await expect(page.getByTestId('feature-pool')).toContainText(results.pool.present ? 'Condition' : 'Not detected');
  for (const recommendation of evidence.recommendations) {
    await expect(page.getByText(recommendation, { exact: true })).toBeVisible();
  }
  const provenance = page.getByRole('region', { name: 'Provenance' });
  await expect(provenance).toContainText('Uploaded image');
  await expect(provenance).toContainText('chico_2020_0.png');
  await expect(provenance).toContainText('local');
  await expect(provenance).toContainText('256 × 256 px');

  // The drawing can be hidden and shown again.
  await page.getByLabel('Show detected features').uncheck();
  await expect(overlay).toHaveCount(0);
  await page.getByLabel('Show detected features').check();
  await expect(overlay.locator('polygon, polyline')).toHaveCount(outlined.length);

  // Home counts it, and the links of the results screen lead on.
  await page.getByRole('link', { name: 'View History' }).click();
  await expect(page).toHaveURL('/aerial-risk/history');
  await expect(page.getByTestId('history-count')).toHaveText('1 analysis');
  await page.goto('/');
  await expect(page.getByText('property analysed')).toBeVisible();
});

test('upload: the spec messages for no file, a wrong type, an oversized file and bytes that are not an image', async ({ page, login }) => {
  await login();
  await page.goto('/map-analysis?tab=upload');
  const alert = page.getByRole('alert');

  await page.getByRole('button', { name: 'Upload and Analyze' }).click();
  await expect(alert).toHaveText('Please select a file to upload');

  await page.getByLabel('Aerial image', { exact: true }).setInputFiles(plainText());
  await expect(alert).toHaveText('Please select a valid image file (JPEG, PNG, or GIF)');

  await page.getByLabel('Aerial image', { exact: true }).setInputFiles(oversizedPng());
  await expect(alert).toHaveText('File size exceeds 10MB limit');
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toHaveCount(0);

  // Named and typed as a JPEG, so the browser lets it through; the server reads the bytes and refuses it.
  await page.getByLabel('Aerial image', { exact: true }).setInputFiles(textNamedJpeg());
  await expect(alert).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload and Analyze' }).click();
  await expect(alert).toHaveText('Please select a valid image file (JPEG, PNG, or GIF)');
  await expect(page).toHaveURL('/map-analysis?tab=upload');
  await expect(page.getByRole('button', { name: 'Upload and Analyze' })).toBeEnabled();

  // A real PNG of 1 × 1 pixels: refused at upload with its size, not stored and then failed as "Please try again".
  await page.getByLabel('Aerial image', { exact: true }).setInputFiles(tinyPng());
  await page.getByRole('button', { name: 'Upload and Analyze' }).click();
  await expect(alert).toHaveText('Image dimensions 1 × 1 are below the minimum of 32 × 32 pixels');
  await expect(page).toHaveURL('/map-analysis?tab=upload');
});

test('upload: a failed upload returns to idle with the screen message', async ({ page, login }) => {
  await login();
  await page.goto('/map-analysis?tab=upload');
  await page.route('/graphql', (route) =>
    (route.request().headers()['content-type'] ?? '').startsWith('multipart/form-data') ? route.abort('connectionreset') : route.fallback(),
  );
  await page.getByLabel('Aerial image', { exact: true }).setInputFiles(poolsTile());
  await page.getByRole('button', { name: 'Upload and Analyze' }).click();
  await expect(page.getByRole('alert')).toHaveText(UPLOAD_FAILED);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload and Analyze' })).toBeEnabled();
  await expect(page).toHaveURL('/map-analysis?tab=upload');
});
