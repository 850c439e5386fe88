// The underwriter's workflow (issue 10), as a person does it: upload an aerial photo, reject a false finding and
// correct features with reasons, watch the score and band change, read the audit trail, download the PDF report
// (its text names the reviewed score and the reason) and export the history as CSV with the reviewed values.
// Another user gets 404 from every one of these.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../helpers/csv';
import { createUser, freshCredentials } from './fixtures/emulator';
import { expect, idToken, test } from './fixtures/analyses';
import { poolsTile, streetTile } from './fixtures/images';

const LABELS: Record<string, string> = {
  pool: 'pool',
  spa: 'spa',
  tree: 'tree',
  solar: 'solar panels',
  power_line: 'power line',
  damage: 'damage',
  other: 'other',
};
const BANDS = { low: 'Low', medium: 'Medium', high: 'High' } as const;
const bandOf = (score: number) => (score >= 67 ? 'high' : score >= 34 ? 'medium' : 'low');

test('review, rescore, audit, PDF report and CSV export; another user gets 404 on each', async ({ page, login, api, request }) => {
  test.setTimeout(180_000);
  await login();
  await page.goto('/map-analysis');
  await page.getByRole('tab', { name: 'Upload Image' }).click();
  await page.getByLabel('Aerial image', { exact: true }).setInputFiles(poolsTile());
  await page.getByLabel('Property location (optional)').fill('21 Review Road, Chico, CA');
  await page.getByRole('button', { name: 'Upload and Analyze' }).click();
  await expect(page).toHaveURL(/\/analysis-results\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const analysisId = page.url().split('/').pop()!;

  // The defensible-space zones around the roof are drawn with a visible edge each, named in the legend.
  const zones = page.getByRole('img', { name: 'Defensible space zones' });
  await expect(zones.locator('[data-zone-edge]')).toHaveCount(3);
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Defensible space zones (0–1.5, 1.5–9, 9–30 m)');

  const before = await api.analysis(analysisId);
  const analyzerScore = before.risk_score!;
  // The corrections below put any score that is not already High into High.
  expect(bandOf(analyzerScore)).not.toBe('high');
  // The false finding: a kind the scoring module counts, the one with the fewest findings (every one of them is
  // rejected, so the kind is absent and the score must move).
  const findings = before.evidence!.findings;
  const kinds = ['pool', 'spa', 'solar', 'power_line', 'tree'].filter((kind) => findings.some((f) => f.feature === kind));
  expect(kinds.length).toBeGreaterThan(0);
  const count = (kind: string) => findings.filter((f) => f.feature === kind).length;
  const feature = kinds.sort((a, b) => count(a) - count(b))[0];

  // Reject it (each of its outlines) with a reason.
  const review = page.getByRole('region', { name: 'Review', exact: true });
  // Findings come grouped by kind; a long group (this wooded lot's crowns) shows its first five until asked for the
  // rest, nearest the roof first.
  const trees = count('tree');
  expect(trees).toBeGreaterThan(5);
  const treeGroup = review.getByRole('group', { name: `Trees (${trees})` });
  await expect(treeGroup.getByRole('listitem')).toHaveCount(5);
  await expect(treeGroup.getByRole('listitem').first()).toContainText("at the roof's edge");
  await treeGroup.getByRole('button', { name: `Show all ${trees} tree findings` }).click();
  await expect(treeGroup.getByRole('listitem')).toHaveCount(trees);
  await treeGroup.getByRole('button', { name: 'Show the first 5 tree findings' }).click();
  await expect(treeGroup.getByRole('listitem')).toHaveCount(5);
  if (count(feature) > 5) await review.getByRole('button', { name: `Show all ${count(feature)} ${LABELS[feature]} findings` }).click();
  for (let nth = 1; nth <= count(feature); nth++) {
    await review.getByLabel('Reason for the change').fill('Skylights and a shadow, not what the analyzer says');
    await review.getByRole('button', { name: `Reject ${LABELS[feature]} finding ${nth}`, exact: true }).click();
    await expect(review.getByRole('status')).toContainText(`Rejected the ${LABELS[feature]} finding ${nth}.`);
  }
  await expect(review.getByRole('list', { name: 'Review changes' })).toContainText('Skylights and a shadow, not what the analyzer says');
  const rejected = (await api.analysis(analysisId)).risk_score!;
  expect(rejected).not.toBe(analyzerScore);
  await expect(page.getByTestId('review-score-change')).toHaveText(
    `Analyzer: ${analyzerScore} ${BANDS[bandOf(analyzerScore)]} → Reviewed: ${rejected} ${BANDS[bandOf(rejected)]}`,
  );

  // Correct three features, each with its reason.
  const corrections: [string, string, string][] = [
    ['roof_condition', 'poor', 'Tarp over the garage roof seen on site'],
    ['trees_proximity', 'touching', 'Oak canopy over the back slope'],
    ['power_lines_proximity', 'over_structure', 'Service drop crosses the roof'],
  ];
  for (const [field, value, reason] of corrections) {
    await review.getByLabel('Reason for the change').fill(reason);
    await review.getByLabel('Feature').selectOption(field);
    await review.getByLabel('Value').selectOption(value);
    await review.getByRole('button', { name: 'Apply change' }).click();
    await expect(review.getByRole('list', { name: 'Review changes' })).toContainText(reason);
  }

  // The score and band changed, and the screen shows both.
  const after = await api.analysis(analysisId);
  const reviewedScore = after.risk_score!;
  expect(bandOf(reviewedScore)).toBe('high');
  const scoreLine = page.getByTestId('review-score-change');
  await expect(scoreLine).toHaveText(`Analyzer: ${analyzerScore} ${BANDS[bandOf(analyzerScore)]} → Reviewed: ${reviewedScore} High`);
  await expect(page.getByTestId('risk-score')).toHaveAttribute('data-band', 'high');
  await expect(page.getByTestId('risk-score')).toContainText(String(reviewedScore));

  // The audit trail shows the rejection, with who and why.
  const audit = page.getByRole('list', { name: 'Audit entries' });
  await expect(audit).toContainText(/Created from upload/);
  await expect(audit).toContainText(/Analysed by/);
  // Named as the review list names it: the first finding of its kind.
  await expect(audit).toContainText(`Reviewed ${LABELS[feature][0].toUpperCase()}${LABELS[feature].slice(1)} finding 1:`);
  await expect(audit).toContainText('Reason: Skylights and a shadow, not what the analyzer says');

  // The PDF report names the reviewed score and the reason.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF report' }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toBe(`aerisk-report-${analysisId}.pdf`);
  const text = execFileSync('pdftotext', ['-layout', (await pdf.path())!, '-'])
    .toString()
    .replace(/\s+/g, ' ');
  expect(text).toContain(`Risk score: ${reviewedScore} / 100, High risk (reviewed)`);
  expect(text).toContain('Skylights and a shadow, not what the analyzer says');
  expect(text).toContain(`${LABELS[feature]} finding 1 rejected`);
  await expect(audit).toContainText('PDF report generated');

  // The history's CSV export carries the reviewed values.
  await page.getByRole('link', { name: 'View History' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis History' })).toBeVisible();
  // An uploaded photo has no coordinates: the screen says which analyses the GeoJSON holds.
  await expect(page.getByText('GeoJSON maps the analyses whose place is known', { exact: false })).toBeVisible();
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await exporting;
  expect(csvFile.suggestedFilename()).toMatch(/^aerisk-analyses-\d{4}-\d{2}-\d{2}\.csv$/);
  const [head, ...rows] = parseCsv(readFileSync((await csvFile.path())!, 'utf8'));
  const row = rows.find((r) => r[0] === analysisId)!;
  expect(row[head.indexOf('risk_score')]).toBe(String(reviewedScore));
  expect(row[head.indexOf('risk_band')]).toBe('high');
  expect(row[head.indexOf('roof_condition')]).toBe('poor');
  expect(row[head.indexOf('reviewed')]).toBe('true');
  expect(row[head.indexOf('analyzer_risk_score')]).toBe(String(analyzerScore));

  // Another user: 404 on every one of these, and nothing of it in their export.
  const stranger = await createUser(freshCredentials('stranger'));
  const headers = { Authorization: `Bearer ${await idToken(stranger)}` };
  const paths = [`/aerial/analysis/${analysisId}`, `/aerial/analysis/${analysisId}/audit`, `/aerial/analysis/${analysisId}/report.pdf`];
  for (const path of paths) expect((await request.get(path, { headers })).status(), path).toBe(404);
  const foreignReview = await request.post(`/aerial/analysis/${analysisId}/review`, {
    headers,
    data: { field: 'pool', value: 'absent', reason: 'not mine' },
  });
  expect(foreignReview.status()).toBe(404);
  expect((await request.delete(`/aerial/analysis/${analysisId}/review`, { headers })).status()).toBe(404);
  const theirExport = await request.get('/aerial/analyses/export?format=csv', { headers });
  expect(await theirExport.text()).not.toContain(analysisId);
  expect((await api.analysis(analysisId)).risk_score).toBe(reviewedScore);
});

test('the same property over time: earlier analyses are listed and one is compared side by side', async ({ page, login, api }) => {
  await login();
  const first = await api.analyse(poolsTile(), '5 Cedar Street, Chico, CA');
  const second = await api.analyse(streetTile(), '5 cedar st chico ca');
  await page.goto(`/analysis-results/${second.analysis_id}`);
  const panel = page.getByRole('region', { name: 'This property over time' });
  const list = panel.getByRole('list', { name: 'Other analyses of this property' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('same address text');
  await panel.getByRole('button', { name: 'Compare' }).click();
  const table = panel.getByTestId('property-comparison');
  await expect(table).toBeVisible();
  const row = (label: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  const score = (record: typeof first) => `${record.risk_score} ${BANDS[bandOf(record.risk_score!)]}`;
  await expect(row('Risk score')).toContainText(score(first));
  await expect(row('Risk score')).toContainText(score(second));
  await expect(row('Image date')).toContainText('(analysed)');
  await expect(row('Risk score')).toContainText(first.risk_score === second.risk_score ? '—' : 'Changed');
  // The earlier analysis links to its own results.
  await list.getByRole('link').click();
  await expect(page).toHaveURL(`/analysis-results/${first.analysis_id}`);
  await expect(page.getByRole('region', { name: 'This property over time' })).toContainText('same address text');
});
