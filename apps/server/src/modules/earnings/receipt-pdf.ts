/** The receipt as a PDF (placeholder until the library is chosen: see the next commit). */
import type { Receipt } from '@khedma/shared';

export class ReceiptPdf {
  async render(_receipt: Receipt): Promise<Buffer> {
    throw new Error('not built yet');
  }
}
