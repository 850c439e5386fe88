// /aerial-risk/history (spec §2, §9): counts, server-side search, combinable filters, the sort toggle,
// delete, and one user's records never showing to another.
import type { Page } from '@playwright/test';
import { createUser, freshCredentials } from './fixtures/emulator';
import { expect, test, type AnalysisRecord } from './fixtures/analyses';
import { buildingTile, poolsTile, streetTile } from './fixtures/images';
import OlderResultsNoticeQuery from '../../client/__generated__/OlderResultsNoticeQuery.graphql';

// The filters as the analysis contract defines them ("Who uses which rule").
const FILTERS: [label: string, matches: (record: AnalysisRecord) => boolean][] = [
  ['Pool', (r) => r.analysis_results!.pool.present],
  ['Spa', (r) => r.analysis_results!.spa.present],
  ['Trees', (r) => r.analysis_results!.trees.overhanging],
  ['Roof (poor)', (r) => r.analysis_results!.roof.condition === 'poor'],
  ['Solar', (r) => r.analysis_results!.solar.present],
  ['Power Lines', (r) => r.analysis_results!.power_lines.crossing_property || r.analysis_results!.power_lines.proximity !== 'none'],
];

/** A filter that tells the records apart: it matches some of them, not all. */
function splittingFilter(records: AnalysisRecord[]) {
  const splitting = FILTERS.find(([, matches]) => {
    const n = records.filter(matches).length;
    return n > 0 && n < records.length;
  });
  expect(splitting, 'the tiles differ in at least one risk factor').toBeDefined();
  return splitting!;
}

const filterButtonFor = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Filter by risk factor' }).getByRole('button', { name: label, exact: true });
const grid = (page: Page) => page.getByTestId('history-grid');
const cardTitles = (page: Page) => grid(page).getByRole('article').getByRole('heading').allTextContents();
const expectTitles = async (page: Page, titles: string[]) => {
  if (titles.length === 0) await expect(grid(page)).toHaveCount(0);
  else await expect(grid(page).getByRole('article').getByRole('heading')).toHaveText(titles);
};

test('history: counts, case-insensitive search, combined filters and the sort toggle', async ({ page, login, api }) => {
  const tag = Math.random().toString(36).slice(2, 8);
  // Made one after the other, so creation order is Maple, Cedar, Birch.
  const maple = await api.analyse(poolsTile(), `Maple Court ${tag}`);
  const cedar = await api.analyse(streetTile(), `Cedar Avenue ${tag}`);
  const birch = await api.analyse(buildingTile(), `Birch Road ${tag}`);
  const records = [maple, cedar, birch];
  const title = (record: AnalysisRecord) => record.property_location;
  await login();

  // The count of older results is read after the list is drawn, by its own query.
  const olderCounted = page.waitForResponse(
    (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes(OlderResultsNoticeQuery.params.id!),
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analysis History' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis History' })).toBeVisible();
  await expect(page.getByTestId('history-count')).toHaveText('3 analyses');
  // Every result is today's analyzer's: nothing offers to analyse them again.
  expect((await (await olderCounted).json()).data.viewer.olderAnalyzerImages).toBe(0);
  await expect(page.getByRole('button', { name: 'Analyse them again' })).toHaveCount(0);
  // Default: date, newest first.
  await expectTitles(page, [birch, cedar, maple].map(title));
  await expect(page.getByTestId('sort-description')).toHaveText('Newest first');
  const stats = page.getByRole('region', { name: 'Analysis statistics' });
  await expect(stats).toContainText('3 analyses in total');
  // The bands and "Not assessable" add up to the total (an analysis without a score is in no band).
  const stat = (label: string) => stats.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(stat('Not assessable')).toHaveText(String(records.filter((r) => r.risk_score === null).length));
  const shown = await Promise.all(
    ['Low risk', 'Medium risk', 'High risk', 'Not assessable'].map(async (l) => Number(await stat(l).textContent())),
  );
  expect(shown.reduce((a, b) => a + b, 0)).toBe(3);

  // Search runs on the server, ignores case, and counts in the singular.
  const search = page.getByLabel('Search analyses');
  await search.fill(`cedar AVENUE ${tag}`);
  await expect(page.getByTestId('history-count')).toHaveText('1 analysis');
  await expectTitles(page, [title(cedar)]);
  await search.fill('no such place anywhere');
  await expect(page.getByTestId('history-count')).toHaveText('0 analyses');
  await expect(page.getByText('No analyses match your search or filters.')).toBeVisible();
  await search.fill('');
  await expect(page.getByTestId('history-count')).toHaveText('3 analyses');

  // A filter that tells these analyses apart (which one does depends on what the analyzer found).
  const [label, matches] = splittingFilter(records);
  const filterButton = filterButtonFor(page, label);
  await filterButton.click();
  await expect(filterButton).toHaveAttribute('aria-pressed', 'true');
  const filtered = [birch, cedar, maple].filter(matches);
  await expect(page.getByTestId('history-count')).toHaveText(filtered.length === 1 ? '1 analysis' : `${filtered.length} analyses`);
  await expectTitles(page, filtered.map(title));

  // Filters combine (AND).
  const [otherLabel, otherMatches] = FILTERS.find(([name]) => name !== label)!;
  await page.getByRole('group', { name: 'Filter by risk factor' }).getByRole('button', { name: otherLabel, exact: true }).click();
  const both = filtered.filter(otherMatches);
  await expect(page.getByTestId('history-count')).toHaveText(both.length === 1 ? '1 analysis' : `${both.length} analyses`);
  await expectTitles(page, both.map(title));
  await page.getByRole('group', { name: 'Filter by risk factor' }).getByRole('button', { name: otherLabel, exact: true }).click();
  await filterButton.click();
  await expect(filterButton).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('history-count')).toHaveText('3 analyses');

  // The active sort toggles its direction.
  const sortGroup = page.getByRole('group', { name: 'Sort by' });
  await sortGroup.getByRole('button', { name: /Date/ }).click();
  await expect(page.getByTestId('sort-description')).toHaveText('Oldest first');
  await expectTitles(page, [maple, cedar, birch].map(title));

  // A new sort starts descending: highest score first, unscored ones last.
  const byScore = (order: 'asc' | 'desc') =>
    [...records].sort((a, b) => {
      if (a.risk_score === null || b.risk_score === null) return (a.risk_score === null ? 1 : 0) - (b.risk_score === null ? 1 : 0);
      return order === 'desc' ? b.risk_score - a.risk_score : a.risk_score - b.risk_score;
    });
  const scoreTexts = (list: AnalysisRecord[]) => list.map((record) => (record.risk_score === null ? null : String(record.risk_score)));
  const shownScores = () =>
    grid(page)
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.score || null));
  await sortGroup.getByRole('button', { name: /Risk score/ }).click();
  await expect(page.getByTestId('sort-description')).toHaveText('Highest risk first');
  await expect.poll(shownScores).toEqual(scoreTexts(byScore('desc')));
  await sortGroup.getByRole('button', { name: /Risk score/ }).click();
  await expect(page.getByTestId('sort-description')).toHaveText('Lowest risk first');
  await expect.poll(shownScores).toEqual(scoreTexts(byScore('asc')));
  await sortGroup.getByRole('button', { name: /Date/ }).click();
  await expect(page.getByTestId('sort-description')).toHaveText('Newest first');
  await expectTitles(page, [birch, cedar, maple].map(title));
  expect(await cardTitles(page)).toHaveLength(3);

  // Each card opens its results.
  await grid(page)
    .getByRole('link', { name: title(cedar) })
    .click();
  await expect(page).toHaveURL(`/analysis-results/${cedar.analysis_id}`);
  await expect(page.getByRole('heading', { name: title(cedar) })).toBeVisible();
});

test('history: an analysis is deleted only after confirmation, and the statistics follow', async ({ page, login, api }) => {
  await api.analyse(poolsTile(), 'Keep Street');
  await api.analyse(buildingTile(), 'Drop Street');
  await login();
  await page.goto('/aerial-risk/history');
  await expect(page.getByTestId('history-count')).toHaveText('2 analyses');

  await page.getByRole('button', { name: 'Delete analysis of Drop Street' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm deleting analysis of Drop Street' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('history-count')).toHaveText('2 analyses');

  await page.getByRole('button', { name: 'Delete analysis of Drop Street' }).click();
  await confirm.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByTestId('history-count')).toHaveText('1 analysis');
  await expectTitles(page, ['Keep Street']);
  await expect(page.getByRole('region', { name: 'Analysis statistics' })).toContainText('1 analysis in total');
  await page.reload();
  await expectTitles(page, ['Keep Street']);
});

test("history: a second user sees none of the first user's analyses", async ({ page, login, api }) => {
  await api.analyse(poolsTile(), 'First User Parcel');
  const second = await createUser(freshCredentials('second'));
  await login(second);
  await expect(page.locator('p', { hasText: 'properties analysed' })).toHaveText(/^0\s*properties analysed$/);
  await page.goto('/aerial-risk/history');
  await expect(page.getByTestId('history-count')).toHaveText('0 analyses');
  await expect(page.getByText('You have not analysed any property yet.')).toBeVisible();
  await expect(page.getByText('First User Parcel')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Analysis statistics' })).toContainText('0 analyses in total');
});

test('history: the count covers every matching analysis, not only the page loaded so far', async ({ page, login, api }) => {
  test.setTimeout(120_000);
  for (let i = 1; i <= 13; i++) await api.analyse(streetTile(), `Paging Lane ${i}`);
  await login();
  await page.goto('/aerial-risk/history');
  await expect(page.getByTestId('history-count')).toHaveText('13 analyses (12 shown)');
  await expect(grid(page).getByRole('article')).toHaveCount(12);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByTestId('history-count')).toHaveText('13 analyses');
  await expect(grid(page).getByRole('article')).toHaveCount(13);
});

test('history: a filter clicked right after typing a search keeps both', async ({ page, login, api }) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const records = [await api.analyse(poolsTile(), `Quick Pool ${tag}`), await api.analyse(streetTile(), `Quick Street ${tag}`)];
  const [label, matches] = splittingFilter(records);
  // The search names the record the filter leaves out: only both together show nothing.
  const excluded = records.find((record) => !matches(record))!;
  await login();
  await page.goto('/aerial-risk/history');
  await expect(page.getByTestId('history-count')).toHaveText('2 analyses');

  // The click lands while the search is still waiting for the user to pause typing.
  await page.getByLabel('Search analyses').fill(excluded.property_location);
  await filterButtonFor(page, label).click();
  await expect(page.getByTestId('history-count')).toHaveText('0 analyses');
  await expect(filterButtonFor(page, label)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Search analyses')).toHaveValue(excluded.property_location);

  // Each still applies alone once the other is taken back.
  await filterButtonFor(page, label).click();
  await expect(page.getByTestId('history-count')).toHaveText('1 analysis');
  await expectTitles(page, [excluded.property_location]);
});

test('history: a search or a page that fails to load keeps the cards and the typed search, and tries again', async ({
  page,
  login,
  api,
}) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const streets = [
    'Alder',
    'Beech',
    'Cherry',
    'Dogwood',
    'Elm',
    'Fir',
    'Ginkgo',
    'Hazel',
    'Juniper',
    'Kapok',
    'Larch',
    'Magnolia',
    'Nutmeg',
  ];
  for (const street of streets) await api.analyse(streetTile(), `${street} Way ${tag}`);
  await login();
  await page.goto('/aerial-risk/history');
  await expect(page.getByTestId('history-count')).toHaveText('13 analyses (12 shown)');

  // The connection drops: the search fails, and nothing on screen is lost.
  await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Search analyses').fill(`Hazel Way ${tag}`);
  const failure = page.getByRole('alert').filter({ hasText: 'Failed to load analysis data. Please try again later.' });
  await expect(failure).toBeVisible();
  await expect(grid(page).getByRole('article')).toHaveCount(12);
  await expect(page.getByLabel('Search analyses')).toHaveValue(`Hazel Way ${tag}`);
  await expect(page.getByRole('heading', { name: 'Analysis History' })).toBeVisible();

  // Back online: "Try again" runs the same search.
  await page.unroute('**/graphql');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('history-count')).toHaveText('1 analysis');
  await expectTitles(page, [`Hazel Way ${tag}`]);
  await expect(failure).toHaveCount(0);

  // A next page that fails says so beside "Load more", which stays to try again.
  await page.getByLabel('Search analyses').fill('');
  await expect(page.getByTestId('history-count')).toHaveText('13 analyses (12 shown)');
  await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load more. Check your connection and try again.' })).toBeVisible();
  await expect(grid(page).getByRole('article')).toHaveCount(12);
  await page.unroute('**/graphql');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(grid(page).getByRole('article')).toHaveCount(13);
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load more.' })).toHaveCount(0);
});
