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
