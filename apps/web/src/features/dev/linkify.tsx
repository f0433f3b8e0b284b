import type { ReactNode } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/g;
// Sentence punctuation that follows a link in prose, not part of it.
const TRAILING = /[.,;:!?)\]]+$/;

/** Plain text with its http(s) URLs turned into links (no HTML is interpreted). */
export function linkify(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) nodes.push(text.slice(last, start));
    nodes.push(
      <a key={start} href={url} target="_blank" rel="noopener noreferrer" className="break-all font-medium text-primary-700 underline">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
