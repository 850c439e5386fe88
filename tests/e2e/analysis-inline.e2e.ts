// /aerial-risk: an upload's result shows inline (no navigation) and the statistics take it in.
import { expect, test } from './fixtures/analyses';
import { poolsTile } from './fixtures/images';

test('aerial risk: the analysed upload shows inline and joins the statistics', async ({ page, login, api }) => {
  await login();
  await page.goto('/aerial-risk');
  const stats = page.getByRole('region', { name: 'Analysis statistics' });
  await expect(stats).toContainText('0 analyses in total');

  await page.getByLabel('Aerial image', { exact: true }).setInputFiles(poolsTile());
  await page.getByLabel('Property location (optional)').fill('Inline Ave 5');
  await page.getByRole('button', { name: 'Upload and Analyze' }).click();

  const card = page.getByRole('region', { name: 'Analysis result' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL('/aerial-risk');
  await expect(card).toContainText('Inline Ave 5');
  await expect(stats).toContainText('1 analysis in total');

  const [record] = await api.analyses();
  const outlined = record.evidence!.findings.filter((finding) => finding.polygon.length >= 2).length;
  await expect(card.getByRole('img', { name: 'Detected features overlay' }).locator('polygon, polyline')).toHaveCount(outlined);
  if (record.risk_score !== null) await expect(card.getByTestId('risk-score')).toContainText(String(record.risk_score));

  await card.getByRole('link', { name: 'View full results' }).click();
  await expect(page).toHaveURL(`/analysis-results/${record.analysis_id}`);
});

test('aerial risk: an upload without a location is called by its file name, inline, in the history and its results', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/aerial-risk');
  await page.getByLabel('Aerial image', { exact: true }).setInputFiles({ ...poolsTile(), name: 'DJI_0042.png' });
  await page.getByRole('button', { name: 'Upload and Analyze' }).click();
  const card = page.getByRole('region', { name: 'Analysis result' });
  await expect(card).toContainText('DJI_0042.png', { timeout: 30_000 });

  await page.goto('/aerial-risk/history');
  await page.getByRole('article', { name: 'DJI_0042.png' }).getByRole('link', { name: 'DJI_0042.png' }).click();
  await expect(page.getByRole('heading', { name: 'DJI_0042.png' })).toBeVisible();
  const provenance = page.getByRole('region', { name: 'Provenance' });
  await expect(provenance).toContainText('Uploaded image');
  await expect(provenance).toContainText('DJI_0042.png');
});
