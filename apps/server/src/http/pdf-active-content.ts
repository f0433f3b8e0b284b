/**
 * Active content in an uploaded PDF (issue 38): JavaScript, actions that run on open or on an event,
 * launching a program, embedded files, rich media (Flash, 3D) and XFA forms. A chat file and an
 * application document are opened by other people (the other party, a reviewer) in whatever viewer
 * they have, so a PDF carrying any of them is refused; a plain PDF (text, images, links) is kept as sent.
 *
 * The check reads the PDF's names the way pdfid (Didier Stevens' triage tool) does: every name token,
 * with its `#xx` escapes decoded (`/J#61vaScript` is `/JavaScript`). Objects may also sit inside
 * compressed object streams (/ObjStm, PDF 1.5): those are inflated (bounded) and read the same way; an
 * object stream that cannot be read (another filter, encrypted, corrupt, too large) is refused too,
 * since what it holds cannot be known. Page content streams hold no objects and are not read.
 */
import { inflateSync } from 'node:zlib';
import { PDF_ACTIVE_CONTENT_MESSAGE } from '@khedma/shared';
import { AppError } from './errors';

/** The names that make a PDF active (PDF 32000-1 §12.6 actions, §7.11.4 embedded files, §12.7.8 XFA). */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'AA', 'OpenAction', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA']);

/**
 * /OpenAction alone is common and harmless (open at page 1, fit width); it is active only with a
 * script, which the /JS and /JavaScript names already catch. So it is reported only beside them.
 */
const ONLY_WITH_SCRIPT = new Set(['OpenAction']);

/** Inflating object streams stops here: a real document's objects fit many times over. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

// A name: a solidus and the regular characters after it (PDF 32000-1 §7.3.5; delimiters and whitespace end it).
const NAME = /\/([^\s/<>[\](){}%\0]*)/g;

const decodeName = (raw: string) => raw.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function namesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(NAME)) found.add(decodeName(m[1]!));
  return found;
}

/** The object streams' data, inflated; `null` when one cannot be read (then nothing can be said). */
function objectStreams(pdf: string): string[] | null {
  const out: string[] = [];
  let total = 0;
  const STREAM = /stream(\r\n|\n|\r)/g;
  for (let m = STREAM.exec(pdf); m; m = STREAM.exec(pdf)) {
    // The stream's dictionary: from the object's start (the last "obj" before it) to the keyword.
    const head = pdf.slice(Math.max(0, m.index - 4096), m.index);
    if (!/>>\s*$/.test(head)) continue; // "endstream", or the word in a string: not a stream's start
    const objAt = head.lastIndexOf('obj');
    const dict = namesIn(objAt >= 0 ? head.slice(objAt) : head);
    const start = m.index + m[0].length;
    const end = pdf.indexOf('endstream', start);
    if (end < 0) return dict.has('ObjStm') ? null : out;
    STREAM.lastIndex = end + 'endstream'.length;
    if (!dict.has('ObjStm')) continue;
    // Only Flate is read (what writers use for object streams); another filter, or a filter chain, is not.
    const filters = [...dict].filter((n) => n.endsWith('Decode') || n === 'Crypt');
    if (filters.length !== 1 || filters[0] !== 'FlateDecode') return null;
    try {
      const data = inflateSync(Buffer.from(pdf.slice(start, end), 'latin1'), { maxOutputLength: MAX_INFLATED_BYTES - total });
      total += data.length;
      out.push(data.toString('latin1'));
    } catch {
      return null;
    }
  }
  return out;
}

/**
 * The active-content names found in `pdf` (empty: a plain PDF), or `['ObjStm']` when an object stream
 * could not be read. Callers refuse the file unless the list is empty.
 */
export function pdfActiveContent(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams = objectStreams(text);
  if (streams === null) return ['ObjStm'];
  const names = namesIn(text);
  for (const s of streams) for (const n of namesIn(s)) names.add(n);
  const scripted = names.has('JavaScript') || names.has('JS');
  return [...ACTIVE_NAMES].filter((n) => names.has(n) && (!ONLY_WITH_SCRIPT.has(n) || scripted));
}

/** A PDF with active content, refused (code PDF_ACTIVE_CONTENT; the web app says it in en, fr and ar). */
export const pdfActiveContentError = () => new AppError('PDF_ACTIVE_CONTENT', PDF_ACTIVE_CONTENT_MESSAGE, { file: PDF_ACTIVE_CONTENT_MESSAGE });

/** Throws `pdfActiveContentError` unless `pdf` is a plain PDF: the one check of every PDF upload. */
export function assertPlainPdf(pdf: Buffer): void {
  if (pdfActiveContent(pdf).length > 0) throw pdfActiveContentError();
}
