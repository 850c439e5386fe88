// The identity provider's account records, read and deleted with firebase-admin: what the guest
// sweep needs to tell a still-anonymous account from one that linked a credential meanwhile, and to
// delete an expired guest's account. Its own named app, so the token verifier stays untouched.
import { randomUUID } from 'node:crypto';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';

/** `anonymous`: no credential linked; `registered`: at least one; `missing`: no such account. */
export type AccountKind = 'anonymous' | 'registered' | 'missing';

export interface AccountAdmin {
  kind(uid: string): Promise<AccountKind>;
  /** Deletes the account; an account that is already gone is not an error. */
  delete(uid: string): Promise<void>;
  close(): Promise<void>;
}

const isNotFound = (error: unknown) => (error as { code?: unknown }).code === 'auth/user-not-found';

export function createFirebaseAccounts(config: FirebaseConfig): AccountAdmin {
  // firebase-admin reads the emulator's address from the environment on every call.
  if (config.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
  const app = initializeApp(
    { projectId: config.projectId, ...(config.mode === 'project' ? { credential: applicationDefault() } : {}) },
    `aerisk-accounts-${randomUUID()}`,
  );
  const auth = getAuth(app);
  return {
    async kind(uid) {
      try {
        const user = await auth.getUser(uid);
        // An anonymous account has no provider at all; linking email/password or Google adds one.
        return user.providerData.length === 0 && !user.email && !user.phoneNumber ? 'anonymous' : 'registered';
      } catch (error) {
        if (isNotFound(error)) return 'missing';
        throw error;
      }
    },
    async delete(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    close: () => deleteApp(app),
  };
}
