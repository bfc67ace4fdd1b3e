import { describe, expect, it } from 'vitest';
import { apiKeyPageHtml, apiKeyPageUrl, parseApiKeyAction } from './apiKeyPage';

describe('the API key page', () => {
  it('signals save, forget and cancel through its title, and nothing else', () => {
    expect(parseApiKeyAction('accord-key:save')).toBe('save');
    expect(parseApiKeyAction('accord-key:forget')).toBe('forget');
    expect(parseApiKeyAction('accord-key:cancel')).toBe('cancel');
    expect(parseApiKeyAction('Judge API Key')).toBeNull();
    expect(parseApiKeyAction('accord-key:sk-123')).toBeNull();
  });

  it('offers to forget only a stored key, and always starts with an empty password field', () => {
    const stored = apiKeyPageHtml({ hasKey: true });
    expect(stored).toContain('id="forget"');
    expect(stored).toContain('A key is stored.');
    expect(apiKeyPageHtml({ hasKey: false })).not.toContain('id="forget"');
    expect(stored).toMatch(/<input id="key" type="password"[^>]*>/);
    expect(stored).not.toMatch(/<input id="key"[^>]*value=/);
  });

  it('is a self-contained data: URL', () => {
    const url = apiKeyPageUrl(apiKeyPageHtml({ hasKey: false }));
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length))).toContain('API key for judge runs');
  });
});
