/**
 * The account's email as two features see it (docs/accounts.md): the profile shows it and adds one to a phone
 * account; auth's /confirm-new-email page confirms the added address. Both refresh the same query.
 */

export const accountEmailKeys = {
  /** GET /api/accounts/email: the account's real email and the address waiting for confirmation. */
  email: ['account-email'] as const,
};
