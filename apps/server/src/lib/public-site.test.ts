import { describe, expect, it } from 'vitest';
import { publicSite, requestOrigin } from './public-site';

describe('the site address for absolute links', () => {
  const ctx = (publicUrl: string) => ({ config: { publicUrl, port: 3000 } }) as Parameters<typeof publicSite>[0];

  it('is PUBLIC_URL when set, else the address the request came to', () => {
    expect(publicSite(ctx('https://farmstand.example'), 'http://10.0.0.5:3000')).toBe('https://farmstand.example');
    expect(publicSite(ctx('http://localhost:3000'), 'http://127.0.0.1:3470')).toBe('http://127.0.0.1:3470');
    expect(publicSite(ctx('http://localhost:3000'), undefined)).toBe('http://localhost:3000');
  });

  it('takes a request’s origin only from a plain host name or address', () => {
    expect(requestOrigin({ protocol: 'http', host: '127.0.0.1:3470' })).toBe('http://127.0.0.1:3470');
    expect(requestOrigin({ protocol: 'https', host: 'shop.example.com' })).toBe('https://shop.example.com');
    expect(requestOrigin({ protocol: 'http', host: '[::1]:3000' })).toBe('http://[::1]:3000');
    expect(requestOrigin({ protocol: 'http', host: 'evil.example"><script>' })).toBeUndefined();
    expect(requestOrigin({ protocol: 'http', host: 'a.example/path' })).toBeUndefined();
  });
});
