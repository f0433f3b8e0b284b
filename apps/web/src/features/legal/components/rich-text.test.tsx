import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { frenchSpacing, RichText } from './rich-text';

describe('legal RichText', () => {
  it('renders `code` marks left-to-right and email addresses as mailto links, without the trailing full stop', () => {
    const html = renderToStaticMarkup(<RichText text="Cookie `khedma.lang`; write to support@khedma.ma." language="ar" />);
    expect(html).toBe(
      'Cookie <code dir="ltr" class="rounded bg-sand-100 px-1 py-0.5 font-mono text-[0.875em] text-ink [overflow-wrap:anywhere]">khedma.lang</code>; write to ' +
        '<a href="mailto:support@khedma.ma" dir="ltr" class="font-medium text-primary-700 underline hover:text-primary-800">support@khedma.ma</a>.',
    );
  });

  it('keeps French signs on the line of the word before them', () => {
    expect(frenchSpacing('frais de 15 % ; voir « ceci » : oui ?')).toBe('frais de 15\u00a0%\u00a0; voir «\u00a0ceci\u00a0»\u00a0: oui\u00a0?');
    const html = renderToStaticMarkup(<RichText text="Contact : support@khedma.ma" language="fr" />);
    expect(html).toContain('Contact\u00a0: <a href="mailto:support@khedma.ma"');
    // Other languages are left as written.
    expect(renderToStaticMarkup(<RichText text="a : b" language="en" />)).toBe('a : b');
  });
});
