/** HTTP of earnings, payouts and receipts. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EARNINGS_MESSAGES, errorResponseSchema } from '@khedma/shared';
import { notFound } from '../../http/errors';
import {
  adminPayoutsQuerySchema,
  adminPayoutsResponseSchema,
  createPayoutBatchResponseSchema,
  createPayoutBatchSchema,
  payoutBatchesResponseSchema,
  payoutBatchFileQuerySchema,
  payoutBatchParamsSchema,
  payoutStatementResultSchema,
  payoutStatementSchema,
  earningsSummarySchema,
  invoiceQuerySchema,
  invoiceSchema,
  payoutIdParamsSchema,
  payoutRequestResponseSchema,
  payoutRevealResponseSchema,
  payoutSchema,
  receiptParamsSchema,
  receiptQuerySchema,
  receiptSchema,
} from '@khedma/shared/schemas/earnings';
import { signedIn } from '../../http/openapi';
import { currentUser, requirePermission, requireUser } from '../auth';
import type { EarningsService } from './earnings.service';
import { renderInvoicePdf } from './invoice-pdf';
import type { InvoicesService } from './invoices.service';
import type { PayoutsAdminService } from './payouts-admin.service';
import type { ReceiptPdf } from './receipt-pdf';
import type { ReceiptsService } from './receipts.service';

const e401 = { 401: errorResponseSchema, 403: errorResponseSchema };
const ADMIN_DENIED = 'Access denied. Admin privileges required.';
/** Where a reveal came from, for the sensitive-access log. */
const origin = (req: FastifyRequest) => ({ ip: req.ip ?? null, userAgent: (req.headers['user-agent'] as string | undefined) ?? null });

export interface EarningsRouteServices {
  earnings: EarningsService;
  payouts: PayoutsAdminService;
  receipts: ReceiptsService;
  pdf: ReceiptPdf;
  invoices: InvoicesService;
}

export const earningsRoutes: FastifyPluginAsyncZod<EarningsRouteServices> = async (app, { earnings, payouts, receipts, pdf, invoices }) => {
  app.get(
    '/api/earnings',
    {
      schema: {
        tags: ['earnings'],
        summary: "The signed-in professional's earnings from the ledger: jobs, escrow, released, paid out, pending, by month, payouts",
        security: signedIn,
        response: { 200: earningsSummarySchema, ...e401 },
      },
      preHandler: requirePermission('earnings:read:own'),
    },
    async (req) => earnings.summary(currentUser(req)!),
  );

  app.post(
    '/api/payouts',
    {
      schema: {
        tags: ['earnings'],
        summary: 'Requests a payout of the whole released balance not yet requested (one pending at a time, a minimum amount)',
        security: signedIn,
        response: { 201: payoutRequestResponseSchema, ...e401, 409: errorResponseSchema },
      },
      preHandler: requirePermission('payout:request'),
    },
    async (req, reply) => reply.code(201).send(await earnings.requestPayout(currentUser(req)!)),
  );

  app.get(
    '/api/admin/payouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Payouts for admins with payout rights: pending oldest first (with why one cannot go into a batch), then sent, then paid',
        security: signedIn,
        querystring: adminPayoutsQuerySchema,
        response: { 200: adminPayoutsResponseSchema, 400: errorResponseSchema, ...e401 },
      },
      preHandler: requirePermission('payout:manage', ADMIN_DENIED),
    },
    async (req) => payouts.list(req.query.status),
  );

  app.post(
    '/api/admin/payouts/:id/paid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Marks a pending or sent payout paid: the ledger moves the amount out of the professional’s account',
        security: signedIn,
        params: payoutIdParamsSchema,
        response: { 200: payoutSchema, 400: errorResponseSchema, ...e401, 404: errorResponseSchema, 409: errorResponseSchema },
      },
      preHandler: requirePermission('payout:manage', ADMIN_DENIED),
    },
    async (req) => payouts.markPaid(currentUser(req)!, req.params.id),
  );

  app.post(
    '/api/admin/payouts/:id/reveal',
    {
      schema: {
        tags: ['admin'],
        summary: "The full bank account number (RIB) of a payout's professional, from their latest approved application: finance access only; logged",
        security: signedIn,
        params: payoutIdParamsSchema,
        response: { 200: payoutRevealResponseSchema, 400: errorResponseSchema, ...e401, 404: errorResponseSchema },
      },
      preHandler: requirePermission('finance:read', ADMIN_DENIED),
    },
    async (req) => payouts.reveal(currentUser(req)!, req.params.id, origin(req)),
  );

  // Payout batches (docs/payments.md "Payout batches"): finance and super admins only.
  app.get(
    '/api/admin/payout-batches',
    {
      schema: {
        tags: ['admin'],
        summary: 'Bank transfer batches of payouts, newest first, with how many of each are paid',
        security: signedIn,
        response: { 200: payoutBatchesResponseSchema, ...e401 },
      },
      preHandler: requirePermission('payout:manage', ADMIN_DENIED),
    },
    async () => payouts.batches(),
  );

  app.post(
    '/api/admin/payout-batches',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Puts the selected pending payouts whose RIB checks out into one bank transfer batch (each becomes sent); the others are listed with their reason. 409 PAYOUT_BATCH_EMPTY when none can go',
        security: signedIn,
        body: createPayoutBatchSchema,
        response: { 201: createPayoutBatchResponseSchema, 400: errorResponseSchema, ...e401, 409: errorResponseSchema },
      },
      preHandler: requirePermission('payout:manage', ADMIN_DENIED),
    },
    async (req, reply) => reply.code(201).send(await payouts.createBatch(currentUser(req)!, req.body.payoutIds)),
  );

  app.get(
    '/api/admin/payout-batches/:id/csv',
    {
      schema: {
        tags: ['admin'],
        summary: "A batch as the bank's bulk transfer CSV (docs/payments.md); carries full RIBs: the download is logged",
        security: signedIn,
        params: payoutBatchParamsSchema,
        response: { 400: errorResponseSchema, ...e401, 404: errorResponseSchema },
      },
      preHandler: requirePermission('payout:manage', ADMIN_DENIED),
    },
    async (req, reply) => {
      const { number, csv } = await payouts.batchCsv(currentUser(req)!, req.params.id, origin(req));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="khedma-${number}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv as never);
    },
  );

  app.get(
    '/api/admin/payout-batches/:id/pdf',
    {
      schema: {
        tags: ['admin'],
        summary: "The same batch as a printable PDF, in the admin's language unless ?lang= is given; the download is logged",
        security: signedIn,
        params: payoutBatchParamsSchema,
        querystring: payoutBatchFileQuerySchema,
        response: { 400: errorResponseSchema, ...e401, 404: errorResponseSchema },
      },
      preHandler: requirePermission('payout:manage', ADMIN_DENIED),
    },
    async (req, reply) => {
      const user = currentUser(req)!;
      const { number, pdf: file } = await payouts.batchPdf(user, req.params.id, req.query.lang ?? user.locale ?? 'en', origin(req));
      return sendPdf(reply, `khedma-${number}.pdf`, file);
    },
  );

  app.post(
    '/api/admin/payouts/statement',
    {
      bodyLimit: 1_200_000,
      schema: {
        tags: ['admin'],
        summary: "Imports the bank statement's lines (CSV: reference, amount, date): each line matching a sent payout by reference and amount marks it paid (the ledger moves); the others are reported",
        security: signedIn,
        body: payoutStatementSchema,
        response: { 200: payoutStatementResultSchema, 400: errorResponseSchema, ...e401, 413: errorResponseSchema },
      },
      preHandler: requirePermission('payout:manage', ADMIN_DENIED),
    },
    async (req) => payouts.importStatement(currentUser(req)!, req.body.csv),
  );

  app.get(
    '/api/receipts/:bookingId',
    {
      schema: {
        tags: ['receipts'],
        summary: "A paid booking's receipt (its customer or an admin), in the customer's language unless ?lang= is given",
        security: signedIn,
        params: receiptParamsSchema,
        querystring: receiptQuerySchema,
        response: { 200: receiptSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
      preHandler: requireUser,
    },
    async (req) => receipts.receipt(currentUser(req)!, req.params.bookingId, req.query.lang),
  );

  app.get(
    '/api/receipts/:bookingId/pdf',
    {
      schema: {
        tags: ['receipts'],
        summary: 'The same receipt as a PDF (Arabic right to left, letters joined)',
        security: signedIn,
        params: receiptParamsSchema,
        querystring: receiptQuerySchema,
        response: { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
      preHandler: requireUser,
    },
    async (req, reply) => {
      const receipt = await receipts.receipt(currentUser(req)!, req.params.bookingId, req.query.lang);
      const file = await pdf.render(receipt);
      return sendPdf(reply, `khedma-receipt-${receipt.reference}.pdf`, file);
    },
  );

  // Invoices and credit notes (docs/payments.md "Invoices"): the booking's customer, or finance access.
  app.get(
    '/api/invoices/:bookingId',
    {
      schema: {
        tags: ['receipts'],
        summary: "A paid booking's invoice and its credit notes (its customer, or an admin with finance access), in the customer's language unless ?lang= is given",
        security: signedIn,
        params: receiptParamsSchema,
        querystring: invoiceQuerySchema,
        response: { 200: invoiceSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
      preHandler: requireUser,
    },
    async (req) => invoices.invoice(currentUser(req)!, req.params.bookingId, req.query.lang),
  );

  app.get(
    '/api/invoices/:bookingId/pdf',
    {
      schema: {
        tags: ['receipts'],
        summary: 'The invoice as a PDF, or one of its credit notes (?document=<id>); Arabic right to left, letters joined',
        security: signedIn,
        params: receiptParamsSchema,
        querystring: invoiceQuerySchema,
        response: { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
      preHandler: requireUser,
    },
    async (req, reply) => {
      const invoice = await invoices.invoice(currentUser(req)!, req.params.bookingId, req.query.lang);
      const doc = req.query.document ? [invoice.invoice, ...invoice.creditNotes].find((d) => d.id === req.query.document) : invoice.invoice;
      if (!doc) throw notFound(EARNINGS_MESSAGES.invoiceNotFound);
      const file = await renderInvoicePdf(invoice, doc);
      return sendPdf(reply, `khedma-${doc.number}.pdf`, file);
    },
  );
};

/** A generated PDF shown in the browser (receipts, invoices, payout batches): private, never cached. */
function sendPdf(reply: FastifyReply, filename: string, file: Uint8Array | Buffer) {
  return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'private, no-store').send(file as never);
}
