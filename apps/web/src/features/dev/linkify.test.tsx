import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

const hrefs = (text: string) =>
  linkify(text)
    .filter(isValidElement)
    .map((node) => (node.props as { href: string }).href);

describe('linkify', () => {
  it('turns URLs into links and keeps the text around them', () => {
    const nodes = linkify('Confirm: http://localhost:3000/confirm?token=abc. Thanks');
    expect(nodes[0]).toBe('Confirm: ');
    expect(hrefs('Confirm: http://localhost:3000/confirm?token=abc. Thanks')).toEqual(['http://localhost:3000/confirm?token=abc']);
    expect(nodes.at(-1)).toBe('. Thanks');
  });

  it('handles several links and none', () => {
    expect(hrefs('a https://x.ma/1 b https://x.ma/2')).toEqual(['https://x.ma/1', 'https://x.ma/2']);
    expect(linkify('no links here')).toEqual(['no links here']);
  });

  it('ignores non-http schemes', () => {
    expect(hrefs('javascript:alert(1) ftp://x')).toEqual([]);
  });
});
