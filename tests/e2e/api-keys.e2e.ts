// API keys on the profile (issue 11 item 5) in Chromium: a named key is shown once, works as a bearer on the
// REST API, and is refused as soon as it is revoked.
import { expect, test } from './fixtures/test';

test('profile: create an API key, use it from a script, revoke it', async ({ page, login, request }) => {
  await login();
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('No API keys yet.')).toBeVisible();
  await section.getByLabel('Key name').fill('nightly import');
  await section.getByRole('button', { name: 'Create key' }).click();
  const secret = (await section.getByLabel('New API key').textContent())!.trim();
  expect(secret).toMatch(/^aerisk_[A-Za-z0-9_-]{43}$/);
  const row = section.getByRole('row').filter({ hasText: 'nightly import' });
  await expect(row).toContainText('Never used');
  await expect(row).toContainText(secret.slice(0, 11));
  await expect(row).not.toContainText(secret);

  const script = await request.get('/aerial/analyses', { headers: { authorization: `Bearer ${secret}` } });
  expect(script.status()).toBe(200);
  await page.reload();
  await expect(section.getByRole('row').filter({ hasText: 'nightly import' })).not.toContainText('Never used');
  // Shown once: after a reload the key itself is nowhere on the page.
  await expect(page.getByText(secret)).toHaveCount(0);

  await section.getByRole('button', { name: 'Revoke API key nightly import' }).click();
  await section.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(section.getByText('No API keys yet.')).toBeVisible();
  const refused = await request.get('/aerial/analyses', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
});
