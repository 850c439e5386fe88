// Guest sessions (issue 13, spec §1: non-registered users keep results only for the session): "Continue as
// guest" is an anonymous sign-in that can use every analysis screen; creating an account from it links the
// credential to the same user, so everything stays; signing in to an account the guest already has moves
// everything into it; signing out of it deletes its rows, images and account.
import type { Page } from '@playwright/test';
import { AerialApi, expect, test } from './fixtures/analyses';
import { EMULATOR_ORIGIN, PROJECT_ID, createUser, freshCredentials } from './fixtures/emulator';
import { poolsTile, storedImageFiles } from './fixtures/images';
import { signInThroughUi, signInWithEmulatorGoogle } from './fixtures/test';

const BANNER = 'You are using Aerisk as a guest: your results last only for this session.';

async function continueAsGuest(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('region', { name: 'Guest session' })).toContainText(BANNER);
}

/** The guest's bearer token, as the signed-in app keeps it. */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('authToken') as string);
const uidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { user_id: string }).user_id;

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menu', { name: 'User menu' }).getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
}

async function emulatorAccountExists(uid: string): Promise<boolean> {
  const response = await fetch(`${EMULATOR_ORIGIN}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: [uid] }),
  });
  return (((await response.json()) as { users?: unknown[] }).users?.length ?? 0) > 0;
}

test('a guest analyses an upload, creates an account from the banner, and keeps the analysis', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Continue as guest' })).toBeVisible();
  await continueAsGuest(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Property Analysis' }).click();
  await page.getByRole('tab', { name: 'Upload Image' }).click();
  await page.getByLabel('Aerial image', { exact: true }).setInputFiles(poolsTile());
  await page.getByLabel('Property location (optional)').fill('7 Guest Court, Chico, CA');
  await page.getByRole('button', { name: 'Upload and Analyze' }).click();
  await expect(page).toHaveURL(/\/analysis-results\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const analysisId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: '7 Guest Court, Chico, CA' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Guest session' });
  await expect(banner).toContainText(BANNER);
  const guestUid = uidOf(await tokenOf(page));

  await banner.getByRole('link', { name: 'Create an account to keep them' }).click();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByText('Everything you analysed as a guest moves into the new account and is kept.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue as guest' })).toHaveCount(0);
  const credentials = freshCredentials('upgraded');
  await page.getByLabel('Email address').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByLabel('Confirm password').fill(credentials.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('region', { name: 'Guest session' })).toHaveCount(0);

  await signOut(page);
  await signInThroughUi(page, credentials);
  // The same user as the guest: the email and password were linked to it, not given a new account.
  expect(uidOf(await tokenOf(page))).toBe(guestUid);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analysis History' }).click();
  await expect(page.getByTestId('history-count')).toHaveText('1 analysis');
  await expect(page.getByText('7 Guest Court, Chico, CA')).toBeVisible();
  const api = new AerialApi(page.request, await tokenOf(page));
  expect((await api.analysis(analysisId)).status).toBe('done');
});

test('a guest is greeted as a guest; its profile and the batches screen offer the account it needs, not forms it cannot use', async ({
  page,
}) => {
  await continueAsGuest(page);
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome, guest!')).toBeVisible();
  await expect(
    page.getByText('You are using Aerisk as a guest. Analyse a property to start building your portfolio overview.'),
  ).toBeVisible();
  await expect(page.getByText('Signed in as')).toHaveCount(0);

  await page.goto('/profile');
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account).toContainText('Guest session: your results last only for this session.');
  await expect(account).toContainText('Guest session (no account)');
  await expect(account).not.toContainText('Not verified');
  await expect(account).not.toContainText('anonymous');
  await expect(page.getByLabel('Email address')).toHaveCount(0);
  await expect(page.getByText('Signing out ends the guest session and deletes its analyses, images and risk zones.')).toBeVisible();
  // Batches need an account: the screen says so instead of offering a form the server refuses.
  await page.goto('/batches');
  const batches = page.getByRole('region', { name: 'Batches need an account' });
  await expect(batches).toContainText('Guest sessions cannot run batches. Create an account first');
  await expect(page.getByLabel('CSV file')).toHaveCount(0);
  await expect(page.getByText('No batches yet.')).toBeVisible();

  // The user menu says what signing out of a guest session does.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const menu = page.getByRole('menu', { name: 'User menu' });
  await expect(menu).toContainText('Signing out deletes what you analysed as a guest.');
  await expect(menu.getByRole('menuitem', { name: 'Sign out and end the guest session' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/profile');
  await page.getByRole('region', { name: 'Keep your results' }).getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByText('Everything you analysed as a guest moves into the new account and is kept.')).toBeVisible();
});

test("signing out of a guest session deletes the guest's analyses, image files and account", async ({ page }) => {
  await continueAsGuest(page);
  const token = await tokenOf(page);
  const uid = uidOf(token);
  const api = new AerialApi(page.request, token);
  const itemId = await api.upload(poolsTile(), '9 Passing Lane');
  expect(await api.requestAnalysis(itemId)).toBe(200);
  const [record] = await api.analyses();
  expect(record.property_location).toBe('9 Passing Lane');
  expect(storedImageFiles(itemId)).toHaveLength(1);
  // Every analysis screen answers for the guest.
  await page.goto('/aerial-risk/history');
  await expect(page.getByTestId('history-count')).toHaveText('1 analysis');
  await page.goto('/aerial-risk');
  await expect(page.getByRole('heading', { name: 'Aerial Image Analysis' })).toBeVisible();

  await signOut(page);
  await expect.poll(() => storedImageFiles(itemId)).toHaveLength(0);
  expect(await emulatorAccountExists(uid)).toBe(false);
  // The session is gone with its data: its token opens nothing any more.
  const after = await page.request.get(`/aerial/analysis/${record.analysis_id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  // Back at sign-in, a new guest starts empty.
  await continueAsGuest(page);
  await page.goto('/aerial-risk/history');
  await expect(page.getByTestId('history-count')).toHaveText('0 analyses');
});

test('a guest keeps its results by signing up with Google (linked through the emulator popup)', async ({ page }) => {
  await continueAsGuest(page);
  const guestUid = uidOf(await tokenOf(page));
  const api = new AerialApi(page.request, await tokenOf(page));
  await api.createRiskZone({ location: 'Guest shed', risk_level: 'low', details: 'Kept after linking Google' });

  await page.getByRole('link', { name: 'Create an account to keep them' }).click();
  await signInWithEmulatorGoogle(page, 'Sign up with Google', freshCredentials('guest-google').email, 'Ada Guest');

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('region', { name: 'Guest session' })).toHaveCount(0);
  await expect.poll(async () => uidOf(await tokenOf(page))).toBe(guestUid);
  await page.goto('/aerial-risk');
  await expect(page.getByText('Guest shed')).toBeVisible();
});

test('a guest who already has an account signs in to it, and what it analysed moves into that account', async ({ page }) => {
  const account = await createUser(freshCredentials('has-account'));
  await continueAsGuest(page);
  const guestUid = uidOf(await tokenOf(page));
  const api = new AerialApi(page.request, await tokenOf(page));
  const itemId = await api.upload(poolsTile(), '12 Returning Road');
  expect(await api.requestAnalysis(itemId)).toBe(200);
  const [record] = await api.analyses();

  // Creating an account with the address it already has says so, and points to signing in.
  await page.getByRole('link', { name: 'Create an account to keep them' }).click();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email address already exists. Sign in instead.');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Everything you analysed as a guest moves into your account and is kept.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue as guest' })).toHaveCount(0);
  // A forgotten password can be reset from here without ending the guest session.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL('/login');
  // A wrong password leaves the guest session as it was.
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(uidOf(await tokenOf(page))).toBe(guestUid);

  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('status').filter({ hasText: 'What you analysed as a guest is now in your account: 1 analysis.' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Guest session' })).toHaveCount(0);
  expect(uidOf(await tokenOf(page))).not.toBe(guestUid);
  expect(await emulatorAccountExists(guestUid)).toBe(false);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analysis History' }).click();
  await expect(page.getByTestId('history-count')).toHaveText('1 analysis');
  await page.goto(`/analysis-results/${record.analysis_id}`);
  await expect(page.getByRole('heading', { name: '12 Returning Road' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Audit entries' })).toContainText('Moved from a guest session into this account');
  expect(storedImageFiles(itemId)).toHaveLength(1);
});

test('a guest whose Google account already has an Aerisk account signs in with Google and keeps its results', async ({ page }) => {
  const email = freshCredentials('google-owner').email;
  const signInWithGoogle = async (label: 'Sign in with Google') => {
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: label }).click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Add new account' }).click();
    await popup.locator('#email-input').fill(email);
    await popup.locator('#display-name-input').fill('Grace Owner');
    await popup.getByRole('button', { name: 'Sign in with Google.com' }).click();
  };
  // The Google account signs in once on its own, so it has an Aerisk account, and signs out.
  await page.goto('/login');
  await signInWithGoogle('Sign in with Google');
  await expect(page).toHaveURL('/');
  const ownerUid = uidOf(await tokenOf(page));
  await signOut(page);

  await continueAsGuest(page);
  const guestUid = uidOf(await tokenOf(page));
  const api = new AerialApi(page.request, await tokenOf(page));
  await api.createRiskZone({ location: 'Guest greenhouse', risk_level: 'medium', details: 'Moved with the guest session' });
  await page.getByRole('region', { name: 'Guest session' }).getByRole('link', { name: 'sign in' }).click();
  await expect(page).toHaveURL('/login');
  await signInWithGoogle('Sign in with Google');

  await expect(page).toHaveURL('/');
  await expect(page.getByText('What you analysed as a guest is now in your account: 1 risk zone.')).toBeVisible();
  await expect.poll(async () => uidOf(await tokenOf(page))).toBe(ownerUid);
  expect(await emulatorAccountExists(guestUid)).toBe(false);
  await page.goto('/aerial-risk');
  await expect(page.getByText('Guest greenhouse')).toBeVisible();
});

test('a guest transfer the server did not answer moves on the next load, into the account signed in to', async ({ page }) => {
  const account = await createUser(freshCredentials('retry-owner'));
  await continueAsGuest(page);
  const guestUid = uidOf(await tokenOf(page));
  const api = new AerialApi(page.request, await tokenOf(page));
  await api.createRiskZone({ location: 'Guest boathouse', risk_level: 'high', details: 'Moved after a retry' });

  // The server is away for the first try.
  await page.route('**/auth/guest-session/transfer', (route) => route.abort('connectionreset'));
  await signInThroughUi(page, account);
  await expect(page.getByText('What you analysed as a guest is now in your account')).toHaveCount(0);
  expect(await emulatorAccountExists(guestUid)).toBe(true);

  // Back: the next load of the tab moves it.
  await page.unroute('**/auth/guest-session/transfer');
  const moved = page.waitForResponse((response) => response.url().endsWith('/auth/guest-session/transfer'));
  await page.reload();
  expect((await moved).status()).toBe(200);
  await expect.poll(() => emulatorAccountExists(guestUid)).toBe(false);
  await page.goto('/aerial-risk');
  await expect(page.getByText('Guest boathouse')).toBeVisible();
});

test('a waiting guest transfer is not handed to another account that signs in in the tab', async ({ page }) => {
  const [meant, other] = [await createUser(freshCredentials('meant-owner')), await createUser(freshCredentials('other-owner'))];
  await continueAsGuest(page);
  const guestUid = uidOf(await tokenOf(page));
  const api = new AerialApi(page.request, await tokenOf(page));
  await api.createRiskZone({ location: 'Guest gazebo', risk_level: 'low', details: 'Meant for the first account' });

  await page.route('**/auth/guest-session/transfer', (route) => route.abort('connectionreset'));
  await signInThroughUi(page, meant);
  await page.unroute('**/auth/guest-session/transfer');

  await signOut(page);
  await signInThroughUi(page, other);
  await page.goto('/aerial-risk');
  await expect(page.getByRole('heading', { name: 'Aerial Image Analysis' })).toBeVisible();
  await expect(page.getByText('Guest gazebo')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('aerisk.guestTransfer'))).toBeNull();
  expect(await emulatorAccountExists(guestUid)).toBe(true);
});
