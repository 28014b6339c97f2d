import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml';

// sanitizeHtml itself is checked in a real browser (web/e2e): happy-dom's DOM is not faithful
// enough for DOMPurify, whose output there differs from any browser's.
describe('escapeHtml', () => {
  it('turns markup characters into entities', () => {
    expect(escapeHtml(`<a href="x">l'œuf & co</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;l&#39;œuf &amp; co&lt;/a&gt;',
    );
  });
});
