// /aerial-risk risk assessments (spec §2, §5, §9): validation, creation with the default level,
// the 100-character truncation, the summary, and delete.
import { expect, test } from './fixtures/analyses';
import { isOperation } from './fixtures/operations';

test('risk zones: required fields, default level, newest first, details cut at 100 characters', async ({ page, login }) => {
  await login();
  await page.goto('/aerial-risk');
  await expect(page.getByRole('heading', { name: 'Aerial Image Analysis' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Create risk assessment' });
  const summary = page.getByRole('region', { name: 'Risk assessment summary' });
  const table = page.getByRole('region', { name: 'Risk zones' });
  await expect(table).toContainText('No risk zones recorded yet.');
  await expect(summary).toContainText('Last updated: never');

  await form.getByRole('button', { name: 'Create Assessment' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
  await form.getByLabel('Location').fill('North fence line');
  await form.getByRole('button', { name: 'Create Assessment' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
  // Whitespace is not content.
  await form.getByLabel('Details').fill('   ');
  await form.getByRole('button', { name: 'Create Assessment' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');

  const details =
    'Dead eucalyptus leaning over the fence toward the garage; limbs overhang the roof edge and the gutter is full of leaves and bark strips.';
  expect(details.length).toBeGreaterThan(100);
  await expect(form.getByLabel('Risk level')).toHaveValue('low');
  await form.getByLabel('Risk level').selectOption('high');
  await form.getByLabel('Details').fill(details);
  await form.getByRole('button', { name: 'Create Assessment' }).click();
  await expect(form.getByRole('status')).toHaveText('Risk assessment created');
  await expect(form.getByLabel('Location')).toHaveValue('');
  await expect(form.getByLabel('Risk level')).toHaveValue('low');

  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell').nth(0)).toHaveText('North fence line');
  await expect(firstRow.getByRole('cell').nth(1)).toHaveText('High');
  const detailsCell = firstRow.getByRole('cell').nth(2);
  await expect(detailsCell).toHaveText(`${details.slice(0, 100)}...`);
  await expect(detailsCell).toHaveAttribute('title', details);

  // The level defaults to low; the new zone goes on top; short details are shown whole.
  await form.getByLabel('Location').fill('Pool deck');
  await form.getByLabel('Details').fill('No fence around the pool.');
  await form.getByRole('button', { name: 'Create Assessment' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText('Pool deck');
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('Low');
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('No fence around the pool.');

  await expect(summary.getByRole('definition')).toHaveText(['2', '1', '0', '1']);
  await expect(summary).not.toContainText('Last updated: never');

  // Both survive a reload, newest first.
  await page.reload();
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText('Pool deck');
  await expect(table.getByRole('row').nth(2).getByRole('cell').nth(0)).toHaveText('North fence line');

  // Delete asks first.
  await table.getByRole('button', { name: 'Delete risk zone Pool deck' }).click();
  await table.getByRole('group', { name: 'Confirm deleting risk zone Pool deck' }).getByRole('button', { name: 'Yes, delete' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(summary.getByRole('definition')).toHaveText(['1', '0', '0', '1']);
});

test('risk zones: a failed save shows the screen message', async ({ page, login }) => {
  await login();
  await page.goto('/aerial-risk');
  await page.route('/graphql', (route) =>
    isOperation(route.request().postData(), 'useCreateRiskZoneMutation') ? route.abort('connectionreset') : route.fallback(),
  );
  const form = page.getByRole('region', { name: 'Create risk assessment' });
  await form.getByLabel('Location').fill('Driveway');
  await form.getByLabel('Details').fill('Cracked slab.');
  await form.getByRole('button', { name: 'Create Assessment' }).click();
  await expect(form.getByRole('alert')).toHaveText('Failed to create risk assessment');
  await expect(form.getByLabel('Location')).toHaveValue('Driveway');
});

test('risk zones: a failed load shows the screen message', async ({ page, login }) => {
  await login();
  await page.route('/graphql', (route) =>
    isOperation(route.request().postData(), 'AerialRiskScreenQuery')
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'boom' }] }) })
      : route.fallback(),
  );
  await page.goto('/aerial-risk');
  await expect(page.getByRole('heading', { name: 'Aerial Image Analysis' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Failed to load risk assessment data');
  // The upload form does not depend on that data.
  await expect(page.getByRole('button', { name: 'Upload and Analyze' })).toBeVisible();
});

test('risk zones: the table pages through the server connection', async ({ page, login, api }) => {
  // One more than two pages of 20 would need; made through the REST path, oldest first.
  for (let n = 1; n <= 22; n++) await api.createRiskZone({ location: `Zone ${String(n).padStart(2, '0')}`, details: `Details ${n}` });
  await login();
  await page.goto('/aerial-risk');
  const table = page.getByRole('region', { name: 'Risk zones' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(rows.first().getByRole('cell').first()).toHaveText('Zone 22');
  await expect(page.getByRole('region', { name: 'Risk assessment summary' }).getByRole('definition').first()).toHaveText('22');
  await table.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(22);
  await expect(rows.last().getByRole('cell').first()).toHaveText('Zone 01');
  await expect(table.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
