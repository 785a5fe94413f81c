import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('finds http and https links and leaves trailing punctuation as text', () => {
    expect(linkify('See https://example.com/a?b=1. Then http://x.org/y).')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Then ' },
      { kind: 'link', text: 'http://x.org/y', href: 'http://x.org/y' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('keeps HTML and other schemes as text', () => {
    const text = '<img src=x onerror=alert(1)> javascript:alert(1) data:text/html,x';
    expect(linkify(text)).toEqual([{ kind: 'text', text }]);
  });
});
