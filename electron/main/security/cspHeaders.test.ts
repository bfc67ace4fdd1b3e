import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../transports/http/staticFiles';
import { withPolicyHeader } from './cspHeaders';

describe('withPolicyHeader', () => {
  it("replaces a document's own policy (whatever its case) with the app's", () => {
    const headers = withPolicyHeader({ 'content-security-policy': ["default-src *"], 'Content-Type': ['text/html'] }, 'mainFrame');
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  it('adds the policy to sub-frames and to responses without headers', () => {
    expect(withPolicyHeader(undefined, 'subFrame')).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  it('leaves scripts, images and other sub-resources alone', () => {
    const headers = { 'Content-Type': ['text/javascript'] };
    expect(withPolicyHeader(headers, 'script')).toBe(headers);
  });
});
