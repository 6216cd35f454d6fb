import { describe, expect, it } from 'vitest';
import { NOTICE_POLICY, previewPolicy } from './preview-policy.ts';

describe('previewPolicy', () => {
  it("is the template page's own policy, as it was served", () => {
    const policy =
      "default-src 'self'; script-src 'self' 'sha256-abc='; img-src 'self' data: https://www.datocms-assets.com";
    expect(previewPolicy(policy)).toBe(policy);
  });

  it.each([null, '', '  '])('fails closed without one (%j): no inline script, DatoCMS pictures allowed', (missing) => {
    const policy = previewPolicy(missing);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("img-src 'self' data: https://www.datocms-assets.com;");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('lets the notice pages show text and nothing else', () => {
    expect(NOTICE_POLICY).toMatch(/^default-src 'none';/);
    expect(NOTICE_POLICY).not.toMatch(/script-src/);
  });
});
