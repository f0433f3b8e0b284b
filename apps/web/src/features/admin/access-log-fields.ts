/**
 * The access log's field names (what the server records in `fields`: columns, a batch's RIBs) and the
 * catalogue key that says each in the reader's language. Document kinds are said by review.documents.*.
 */
export const ACCESS_LOG_FIELD_KEYS = {
  phoneNumber: 'fields.phone',
  email: 'fields.email',
  bankAccountIban: 'fields.iban',
  taxId: 'fields.taxId',
  /** Finance downloading a payout batch's file reads every RIB in it (payouts-admin.service.ts). */
  batch_rib: 'fields.batchRib',
} as const satisfies Record<string, `fields.${string}`>;

export const ACCESS_LOG_DOCUMENT_KINDS = ['profilePhoto', 'idFront', 'idBack', 'addressProof'] as const;
