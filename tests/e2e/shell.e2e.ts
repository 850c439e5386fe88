import { expect, test } from './fixtures/test';

test('dark mode follows the toggle and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/privacy-policy');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test('with no saved choice the theme follows the system preference', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens and navigates', async ({ page, login }) => {
    await login();
    // The desktop links are hidden at this width; the menu button replaces them.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open main menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();

    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Home', 'Dashboard', 'Property Analysis', 'Analysis History']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Analysis History' }).click();
    await expect(page).toHaveURL('/aerial-risk/history');
    await expect(page.getByRole('heading', { name: 'Analysis History' })).toBeVisible();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open main menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
  });
});

test('the header links reach the analysis screens', async ({ page, login }) => {
  await login();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Property Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Property Analysis' })).toBeVisible();
  await nav.getByRole('link', { name: 'Analysis History' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis History' })).toBeVisible();
  await page.goto('/aerial-risk');
  await expect(page.getByRole('heading', { name: 'Aerial Image Analysis' })).toBeVisible();
  await page.goto('/analysis-results/some-id');
  await expect(page.getByRole('heading', { name: 'Analysis Results' })).toBeVisible();
  // The avatar shows the first letter of the email when there is no photo or name.
  await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveText(/^[A-Z]$/);
});

test('an unknown route shows a not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  // Home is protected, so a signed-out visitor lands on the sign-in page.
  await expect(page).toHaveURL('/login');
});

test('the legal pages carry the full terms', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByText('Effective date: May 13, 2025')).toBeVisible();
  for (const section of [
    'Information We Collect',
    'How We Use Your Information',
    'How the Service Works',
    'Information Sharing',
    'Data Security',
    'Limitation of Liability',
    'Intellectual Property',
    'Changes to This Policy',
    'Contact Us',
  ]) {
    await expect(page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${section}$`) })).toBeVisible();
  }
  await expect(page.getByText(/only for the duration of your session/)).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL('/terms-of-service');
  await expect(page.getByText('Effective date: May 13, 2025')).toBeVisible();
  for (const section of [
    'Acceptance of Terms',
    'User Accounts and Data',
    'Permitted and Prohibited Use',
    'AI-Generated Results',
    'Disclaimer of Warranties and Limitation of Liability',
    'Intellectual Property',
    'Termination',
    'Indemnification',
    'Governing Law and Dispute Resolution',
    'Changes to These Terms',
    'Contact Us',
  ]) {
    await expect(page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${section}$`) })).toBeVisible();
  }
  const terms = page.getByRole('main');
  await expect(terms).toContainText('State of Delaware');
  await expect(terms).toContainText('American Arbitration Association (AAA)');
  await expect(terms).toContainText('amount you paid us in the previous 12 months');
  await expect(terms).toContainText('third-party payment processor');
  await expect(terms).toContainText('must verify them independently');
});
