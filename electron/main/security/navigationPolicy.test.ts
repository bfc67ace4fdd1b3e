import { describe, expect, it } from 'vitest';
import { classifyLink } from './navigationPolicy';

describe('classifyLink', () => {
  it('keeps the app page in the window', () => {
    expect(classifyLink('accord://app/index.html#/datasets')).toBe('app');
  });

  it('sends web and mail links to the system browser (after confirmation)', () => {
    expect(classifyLink('https://doi.org/10.1177/001316446002000104')).toBe('external');
    expect(classifyLink('http://example.org/')).toBe('external');
    expect(classifyLink('mailto:someone@example.org')).toBe('external');
  });

  it('blocks local files, script URLs, data URLs, other schemes and garbage', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'smb://host/share', 'accord://app/assets/a.js', 'not a url', '']) {
      expect(classifyLink(url), url).toBe('blocked');
    }
  });
});
