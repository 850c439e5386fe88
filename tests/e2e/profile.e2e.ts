import { disableUser, freshCredentials, latestOobCode, openOobLink, QUOTA_EXCEEDED, signInAtEmulator } from './fixtures/emulator';
import { expect, signInThroughUi, test } from './fixtures/test';

test('profile: a mismatched confirmation is refused, then the new password signs in', async ({ page, login }) => {
  const account = await login();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(account.email);

  const newPassword = `${account.password}-changed`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}-typo`);
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  // Nothing changed at the identity provider.
  await signInAtEmulator(account);

  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  await signInThroughUi(page, { email: account.email, password: newPassword });
  await expect(signInAtEmulator(account)).rejects.toThrow();
});

test('profile: a blank password and unchanged email keep the account as it was', async ({ page, login }) => {
  const account = await login();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully' })).toBeVisible();
  await expect(page.getByText(/We sent a verification link/)).toHaveCount(0);
  await signInAtEmulator(account);
});

test('profile: a new email takes effect only once the link sent to it is opened', async ({ page, login }) => {
  const account = await login();
  const newEmail = freshCredentials('moved').email;
  await page.goto('/profile');
  await page.getByLabel('Email address').fill(newEmail);
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully' })).toBeVisible();
  await expect(page.getByText(`We sent a verification link to ${newEmail}.`, { exact: false })).toBeVisible();

  // Until the link is opened the old address still signs in.
  await signInAtEmulator(account);
  const link = await latestOobCode(account.email, 'VERIFY_AND_CHANGE_EMAIL');
  expect(link, 'the emulator recorded the verification email').toBeTruthy();
  expect(new URL(link!.oobLink).searchParams.get('continueUrl')).toBe(new URL('/login', page.url()).toString());
  await openOobLink(link!.oobLink);
  await signInAtEmulator({ email: newEmail, password: account.password });
  await expect(signInAtEmulator(account)).rejects.toThrow();
});

test('profile: an unverified address gets a verification link; once opened, the next sign-in shows it verified', async ({
  page,
  login,
}) => {
  const account = await login();
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Account' });
  await expect(card.getByText('Not verified', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Send verification link' }).click();
  await expect(card.getByRole('status')).toHaveText(`We sent a verification link to ${account.email}. Open it, then sign in again.`);
  await expect(card.getByRole('button', { name: 'Send verification link' })).toHaveCount(0);

  const link = await latestOobCode(account.email, 'VERIFY_EMAIL');
  expect(link, 'the emulator recorded the verification email').toBeTruthy();
  expect(new URL(link!.oobLink).searchParams.get('continueUrl')).toBe(new URL('/login', page.url()).toString());
  await openOobLink(link!.oobLink);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  await signInThroughUi(page, account);
  await page.goto('/profile');
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send verification link' })).toHaveCount(0);
});

test('dashboard welcomes the signed-in email', async ({ page, login }) => {
  const account = await login();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${account.email}!`)).toBeVisible();
});

test('a session the server no longer accepts ends with a way to sign in again', async ({ page, login }) => {
  const account = await login();
  await disableUser(account.email);
  // Navigating inside the app keeps the browser's session, so only the server notices (a reload would
  // let Firebase find out first and sign out by itself).
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your session is no longer valid. Sign in again to continue.');
  await expect(page.getByText(account.email)).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('This account has been disabled. Contact support for help.');
});

test('profile and password reset: a refusal the product has no sentence for shows the specification’s message', async ({ page, login }) => {
  const account = await login();
  await page.goto('/profile');
  await page.route('**/accounts:update*', (route) => route.fulfill(QUOTA_EXCEEDED));
  const newPassword = `${account.password}-refused`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to update profile');
  await expect(page.getByText('Profile updated successfully')).toHaveCount(0);
  // Nothing changed at the identity provider: the old password still signs in.
  await signInAtEmulator(account);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  await page.route('**/accounts:sendOobCode*', (route) => route.fulfill(QUOTA_EXCEEDED));
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to send password reset email.');
  await expect(page.getByText('Password reset email sent. Check your inbox.')).toHaveCount(0);
});
