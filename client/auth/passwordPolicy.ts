// Password rules (spec §5): minimum length 6 unless the identity provider's password policy says otherwise.
// The policy may also require a maximum length and lowercase, uppercase, numeric and non-alphanumeric
// characters, but it binds only when the project enforces it (enforcement is off by default).
import { validatePassword, type Auth } from 'firebase/auth';
import { DEFAULT_MIN_PASSWORD_LENGTH } from '../../common/constants';

export type PasswordRules = {
  minLength: number;
  maxLength?: number;
  lowercase?: boolean;
  uppercase?: boolean;
  numeric?: boolean;
  nonAlphanumeric?: boolean;
};

export const DEFAULT_PASSWORD_RULES: PasswordRules = { minLength: DEFAULT_MIN_PASSWORD_LENGTH };

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A sentence naming every unmet rule, or null when the password is acceptable. */
export function passwordProblem(password: string, rules: PasswordRules): string | null {
  const unmet: string[] = [];
  const length = [...password].length;
  if (length < rules.minLength) unmet.push(`at least ${rules.minLength} characters`);
  if (rules.maxLength !== undefined && length > rules.maxLength) unmet.push(`at most ${rules.maxLength} characters`);
  if (rules.lowercase && !/\p{Ll}/u.test(password)) unmet.push('a lowercase letter');
  if (rules.uppercase && !/\p{Lu}/u.test(password)) unmet.push('an uppercase letter');
  if (rules.numeric && !/\p{Nd}/u.test(password)) unmet.push('a number');
  if (rules.nonAlphanumeric && !/[^\p{L}\p{N}]/u.test(password)) unmet.push('a symbol');
  return unmet.length ? `Password must have ${joinList(unmet)}.` : null;
}

/**
 * The rules to apply for this project: the provider's policy when it is enforced, otherwise the default
 * minimum length. The Auth emulator (and any project without a policy) answers the policy request with an
 * error, which also means the default.
 */
export async function loadPasswordRules(auth: Auth): Promise<PasswordRules> {
  try {
    const { passwordPolicy: policy } = await validatePassword(auth, '');
    if (policy.enforcementState !== 'ENFORCE') return DEFAULT_PASSWORD_RULES;
    const o = policy.customStrengthOptions;
    return {
      minLength: o.minPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH,
      maxLength: o.maxPasswordLength,
      lowercase: o.containsLowercaseLetter,
      uppercase: o.containsUppercaseLetter,
      numeric: o.containsNumericCharacter,
      nonAlphanumeric: o.containsNonAlphanumericCharacter,
    };
  } catch {
    return DEFAULT_PASSWORD_RULES;
  }
}

export async function checkPassword(auth: Auth, password: string): Promise<string | null> {
  return passwordProblem(password, await loadPasswordRules(auth));
}
