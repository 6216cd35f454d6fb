/**
 * Why the login page was opened (contract §8), kept in the `logout_reason` cookie for a minute (§9).
 * The texts are the spec's, exactly; the page shows them as `0x04: You do not have permission…`,
 * the form §6 quotes.
 */
export const LOGIN_REASONS = {
  '0x01': 'Login Expired - Please login again',
  '0x02': 'You need to login before accessing this page',
  '0x03': 'Server is currently unreachable - check your connection and try again (later)',
  '0x04': 'You do not have permission to access this page',
} as const;
export type LoginReason = keyof typeof LOGIN_REASONS;

export function isLoginReason(value: unknown): value is LoginReason {
  return typeof value === 'string' && Object.hasOwn(LOGIN_REASONS, value);
}

/** The line the login page shows for a cookie value, or null for none or an unknown one. */
export function loginReasonText(value: string | null | undefined): string | null {
  return isLoginReason(value) ? `${value}: ${LOGIN_REASONS[value]}` : null;
}
