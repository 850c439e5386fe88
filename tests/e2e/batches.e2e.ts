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
  // The rows one Show choice keeps download alone.
  await expect(page.getByRole('button', { name: 'Download these rows (CSV)' })).toHaveCount(0);
  await page.getByLabel('Show').selectOption({ label: 'Invalid row' });
  await expect(rows).toHaveCount(2);
  const [invalid] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download these rows (CSV)' }).click(),
  ]);
  expect(invalid.suggestedFilename()).toBe('book-results-invalid.csv');
  const invalidLines = (await readFile((await invalid.path())!, 'utf8')).trim().split(/\r?\n/);
  expect(invalidLines.slice(1).map((line) => line.split(',')[1])).toEqual(['POL-3']);

  await page.getByRole('link', { name: 'All batches' }).click();
  await expect(page.getByRole('link', { name: 'book.csv' })).toBeVisible();
});

test('a batch of images analysed before compares each new score with the earlier one', async ({ page, login, api }) => {
  // Three images with a result, one never analysed. The first result was reviewed: the reviewer saw a poor roof.
  const pools = await api.analyse(poolsTile(), 'Pools lot');
  const poolHouse = await api.analyse(poolsTile(), 'Pool house');
  const building = await api.analyse(buildingTile(), 'Building lot');
  const fresh = await api.upload(buildingTile(), 'Fresh lot');
  expect(pools.risk_score).not.toBeNull();
  expect(building.risk_score).toBeNull();
  const reviewed = await api.review(pools.analysis_id, { field: 'roof_condition', value: 'poor', reason: 'Missing tiles seen on site' });
  const band = (score: number) => (score >= 67 ? 'High' : score >= 34 ? 'Medium' : 'Low');
  expect(band(reviewed.risk_score!)).not.toBe(band(pools.risk_score!));
  const images = [pools, poolHouse, building].map((record) => record.image_item_id);
  const batchId = await api.batchOfImages([...images, fresh], 'Renewal check');
  await login();
  await page.goto(`/batches/${batchId}`);
  await expect(page.getByRole('heading', { name: 'Renewal check' })).toBeVisible();
  await expect(page.getByTestId('count-done')).toHaveText('4', { timeout: 60_000 });

  // Today's analyzer sees the tile as before: the reviewed result's band moved back, the other kept its score; the
  // image without a score either time is not compared.
  const comparison = page.getByRole('region', { name: 'Compared with the earlier results' });
  await expect(comparison).toContainText('3 rows have an earlier result; 2 of them have a score both times.');
  await expect(comparison.getByTestId('comparison-band-changed')).toHaveText('1');
  await expect(comparison.getByTestId('comparison-lower')).toHaveText('1');
  await expect(comparison.getByTestId('comparison-higher')).toHaveText('0');
  await expect(comparison.getByTestId('comparison-same')).toHaveText('1');
  // Only the reviewed result's findings differ, each one way.
  await expect(comparison.getByTestId('comparison-findings-changed')).toHaveText('1');
  const word = (v: string) => `${v[0].toUpperCase()}${v.slice(1)}`;
  const [before, now] = [reviewed.analysis_results!, pools.analysis_results!];
  await expect(comparison.getByRole('list', { name: 'Findings that changed, and which way:' }).getByRole('listitem')).toHaveText([
    `Roof condition on 1 row: ${word(before.roof.condition)} → ${word(now.roof.condition)}`,
    `Property condition on 1 row: ${word(before.property_condition)} → ${word(now.property_condition)}`,
  ]);
  const rows = page.getByRole('region', { name: 'Rows' }).getByRole('row');
  await expect(rows.first()).toContainText('Earlier');
  // The earlier score links to the earlier analysis, with what changed; the image never analysed has none.
  const poolsRow = rows.filter({ hasText: 'Pools lot' });
  await expect(poolsRow.getByRole('link', { name: String(reviewed.risk_score), exact: true })).toHaveAttribute(
    'href',
    `/analysis-results/${pools.analysis_id}`,
  );
  await expect(poolsRow).toContainText(`${band(reviewed.risk_score!)} → ${band(pools.risk_score!)}`);
  // The reviewer's poor roof made the property's condition poor too; today's analysis sees both as before.
  await expect(poolsRow.getByRole('list', { name: 'Changed findings' }).getByRole('listitem')).toHaveText([
    `Roof condition: ${word(before.roof.condition)} → ${word(now.roof.condition)}`,
    `Property condition: ${word(before.property_condition)} → ${word(now.property_condition)}`,
  ]);
  expect([before.roof.condition, before.property_condition]).toEqual(['poor', 'poor']);
  await expect(rows.filter({ hasText: 'Pool house' })).toContainText('Same score');
  await expect(rows.filter({ hasText: 'Pool house' }).getByRole('list', { name: 'Changed findings' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Fresh lot' }).getByRole('cell').last()).toHaveText('—');

  // Only the rows whose band moved.
  await page.getByLabel('Show').selectOption({ label: 'Band changed' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Pools lot');
  // Only the rows with a finding that differs: the same one.
  await page.getByLabel('Show').selectOption({ label: 'Findings changed' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Pools lot');
  // The rows whose score fell: the same one; none rose.
  await page.getByLabel('Show').selectOption({ label: 'Scored lower' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Pools lot');
  await page.getByLabel('Show').selectOption({ label: 'Scored higher' });
  await expect(page.getByRole('region', { name: 'Rows' })).toContainText('No row scored higher.');
  // One finding, the way it changed: the same row; back to every row after.
  await page.getByLabel('Show').selectOption({ label: `Roof condition: ${word(before.roof.condition)} → ${word(now.roof.condition)} (1)` });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Pools lot');
  await page.getByLabel('Show').selectOption({ label: 'All rows' });
  await expect(rows).toHaveCount(5);
  // The comparison's "Poor → …" shows those rows too, and the Show list says so.
  const roofWay = `${word(before.roof.condition)} → ${word(now.roof.condition)}`;
  await comparison.getByRole('listitem').filter({ hasText: 'Roof condition' }).getByRole('button', { name: roofWay }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Pools lot');
  await expect(page.getByLabel('Show').locator('option:checked')).toHaveText(`Roof condition: ${roofWay} (1)`);
  await expect(page.getByLabel('Show')).toBeFocused();
  // Those rows download alone: the roof's row, with what changed.
  const [changed] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download these rows (JSON)' }).click(),
  ]);
  const changedRows = JSON.parse(await readFile((await changed.path())!, 'utf8')) as { analysis_id: string; changed_findings: string }[];
  expect(changedRows).toHaveLength(1);
  expect(changedRows[0].changed_findings).toContain(`roof_condition: ${before.roof.condition} → ${now.roof.condition}`);

  // The list of batches says it too, beside the batch.
  await page.getByRole('link', { name: 'All batches' }).click();
  const listed = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Renewal check' }) });
  await expect(listed).toContainText('1 band changed · 1 row with changed findings');
});
