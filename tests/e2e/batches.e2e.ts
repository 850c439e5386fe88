// Portfolio batches in Chromium (issue 11 item 4): a small CSV through the Batches screen against the app with
// the map providers' local fakes and the real local analyzer: the rows' states update live, a bad row says why,
// and the results download has one line per row. A batch of images analysed before compares each new score with the
// image's earlier result.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures/analyses';
import { buildingTile, poolsTile } from './fixtures/images';

test('a small CSV batch runs through the Batches screen, live, and downloads its results', async ({ page, login }) => {
  await login();
  await page.goto('/');
  await page.getByRole('link', { name: 'Run a batch' }).click();
  await expect(page.getByRole('heading', { name: 'Portfolio batches' })).toBeVisible();
  await expect(page.getByText('No batches yet.')).toBeVisible();

  const csv = [
    'policy_id,address,latitude,longitude',
    'POL-1,,38.8977,-77.0365',
    'POL-2,"1600 Pennsylvania Avenue, Washington",,',
    'POL-3,,north,west',
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'book.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Start batch' }).click();

  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'book.csv' })).toBeVisible();
  // The bad row is reported at once, with its reason; the others run and finish without a reload.
  const rows = page.getByRole('region', { name: 'Rows' }).getByRole('row');
  await expect(rows.filter({ hasText: 'POL-3' })).toContainText('Invalid row');
  await expect(rows.filter({ hasText: 'POL-3' })).toContainText('Unparseable coordinates "north, west"');
  await expect(page.getByTestId('count-done')).toHaveText('2', { timeout: 60_000 });
  await expect(page.getByTestId('count-invalid')).toHaveText('1');
  await expect(page.getByRole('progressbar', { name: 'Rows finished' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('region', { name: 'Progress' }).getByText('Done', { exact: true }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'POL-1' })).toContainText('Done');
  // Every result is today's analyzer's: nothing to analyse again.
  await expect(page.getByRole('button', { name: 'Analyse again with the current analyzer' })).toHaveCount(0);

  // A done row links to its analysis's score.
  const score = rows.filter({ hasText: 'POL-2' }).getByRole('link');
  await expect(score).toHaveAttribute('href', /^\/analysis-results\//);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
  expect(lines).toHaveLength(4);
  expect(lines[0]).toMatch(/^row,reference_id,address,latitude,longitude,status,reason/);
  expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['POL-1', 'POL-2', 'POL-3']);

  await page.getByRole('link', { name: 'All batches' }).click();
  await expect(page.getByRole('link', { name: 'book.csv' })).toBeVisible();
});

test('a batch of images analysed before compares each new score with the earlier one', async ({ page, login, api }) => {
  // Two images with a result, one never analysed.
  const pools = await api.analyse(poolsTile(), 'Pools lot');
  const building = await api.analyse(buildingTile(), 'Building lot');
  const fresh = await api.upload(buildingTile(), 'Fresh lot');
  const scored = [pools, building].filter((record) => record.risk_score !== null);
  const batchId = await api.batchOfImages([pools.image_item_id, building.image_item_id, fresh], 'Renewal check');
  await login();
  await page.goto(`/batches/${batchId}`);
  await expect(page.getByRole('heading', { name: 'Renewal check' })).toBeVisible();
  await expect(page.getByTestId('count-done')).toHaveText('3', { timeout: 60_000 });

  // Today's analyzer on the same images gives the same scores: compared, none moved.
  const comparison = page.getByRole('region', { name: 'Compared with the earlier results' });
  await expect(comparison).toContainText(`2 rows have an earlier result; ${scored.length} of them`);
  await expect(comparison.getByTestId('comparison-same')).toHaveText(String(scored.length));
  await expect(comparison.getByTestId('comparison-band-changed')).toHaveText('0');
  const rows = page.getByRole('region', { name: 'Rows' }).getByRole('row');
  await expect(rows.first()).toContainText('Earlier');
  // The earlier score links to the earlier analysis; the image never analysed has none.
  const earlier = rows
    .filter({ hasText: 'Pools lot' })
    .getByRole('link', { name: String(pools.risk_score ?? 'n/a'), exact: true })
    .last();
  await expect(earlier).toHaveAttribute('href', `/analysis-results/${pools.analysis_id}`);
  if (pools.risk_score !== null) await expect(rows.filter({ hasText: 'Pools lot' })).toContainText('Same score');
  await expect(rows.filter({ hasText: 'Fresh lot' }).getByRole('cell').last()).toHaveText('—');

  // Only the rows whose band moved: none here.
  await page.getByLabel('Show').selectOption({ label: 'Band changed' });
  await expect(page.getByText('No row changed band.')).toBeVisible();

  // The list of batches says it too, beside the batch.
  await page.getByRole('link', { name: 'All batches' }).click();
  const listed = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Renewal check' }) });
  await expect(listed).toContainText(scored.length > 0 ? '0 bands changed' : '3 finished');
});
