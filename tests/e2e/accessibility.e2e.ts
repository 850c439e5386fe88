// Finding one's way by keyboard and by tab title: every route names itself, a skip link comes first, the
// upload drop zone shows keyboard focus, the user menu answers the arrow keys; and a phone-wide page never
// scrolls sideways.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/analyses';

test('each route has its own page title', async ({ page, login }) => {
  // A dozen full page loads on a busy machine.
  test.setTimeout(150_000);
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Aerisk');
  await page.goto('/signup');
  await expect(page).toHaveTitle('Create account · Aerisk');
  await page.goto('/forgot-password');
  await expect(page).toHaveTitle('Reset password · Aerisk');
  await page.goto('/privacy-policy');
  await expect(page).toHaveTitle('Privacy Policy · Aerisk');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found · Aerisk');

  await login();
  await expect(page).toHaveTitle('Home · Aerisk');
  const titles: [path: string, title: string][] = [
    ['/dashboard', 'Dashboard'],
    ['/profile', 'Your Profile'],
    ['/map-analysis', 'Property Analysis'],
    ['/aerial-risk', 'Aerial Image Analysis'],
    ['/aerial-risk/history', 'Analysis History'],
    ['/analysis-results/some-id', 'Analysis Results'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · Aerisk`);
  }
  // In-app navigation renames the tab too.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Property Analysis' }).click();
  await expect(page).toHaveTitle('Property Analysis · Aerisk');
});

async function expectSkipLinkFirst(page: Page) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab goes into the content, past the header.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
}

test('a skip link is the first thing Tab reaches, and it jumps to the content', async ({ page, login }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expectSkipLinkFirst(page);

  await login();
  await page.goto('/aerial-risk/history');
  await expect(page.getByRole('heading', { name: 'Analysis History' })).toBeVisible();
  // The list has loaded (a screen still loading has nothing in its content for Tab to reach).
  await expect(page.getByTestId('history-count')).toHaveText('0 analyses');
  await expectSkipLinkFirst(page);
  await expect(page).toHaveURL('/aerial-risk/history');
});

test('the upload drop zone shows a focus ring when its file input has keyboard focus', async ({ page, login }) => {
  await login();
  await page.goto('/aerial-risk');
  const zone = page.getByTestId('upload-drop-zone');
  const ring = () => zone.evaluate((el) => getComputedStyle(el).boxShadow);
  expect(await ring()).toBe('none');
  const input = page.getByLabel('Aerial image', { exact: true });
  // Tab until the (visually hidden) file input has focus, as a keyboard user reaches it.
  for (let i = 0; i < 30 && !(await input.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(input).toBeFocused();
  // The zone's `transition` animates the ring in and out: wait for where it settles, not a frame of it.
  await expect.poll(ring).not.toBe('none');
  await page.keyboard.press('Tab');
  await expect.poll(ring).toBe('none');
});

test('the user menu answers Up, Down, Home, End and Escape', async ({ page, login }) => {
  await login();
  const button = page.getByRole('button', { name: 'Open user menu' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'User menu' });
  const profile = menu.getByRole('menuitem', { name: 'Your Profile' });
  const signOut = menu.getByRole('menuitem', { name: 'Sign out' });
  await expect(profile).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(signOut).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(profile).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(signOut).toBeFocused();
  await page.keyboard.press('Home');
  await expect(profile).toBeFocused();
  await page.keyboard.press('End');
  await expect(signOut).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // ArrowUp on the button opens the menu at its last item; Enter there follows it.
  await page.keyboard.press('ArrowUp');
  await expect(signOut).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(profile).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/profile');
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the risk zones table never pushes the page sideways, even with a long unbroken string', async ({ page, login, api }) => {
    await api.createRiskZone({
      location: 'North fence line by the garage',
      risk_level: 'high',
      details: 'Dead tree leaning toward the garage.',
    });
    await api.createRiskZone({ location: `Lot-${'7'.repeat(80)}`, details: `https://example.com/${'x'.repeat(120)}` });
    await login();
    await page.goto('/aerial-risk');
    const table = page.getByRole('region', { name: 'Risk zones' });
    await expect(table.getByRole('button', { name: /^Delete risk zone / })).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every zone can still be read and deleted at this width, without scrolling sideways.
    const remove = table.getByRole('button', { name: /^Delete risk zone Lot-7+$/ });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport();
    await expect(table.getByText('North fence line by the garage')).toBeVisible();
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
});
