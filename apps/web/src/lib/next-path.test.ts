import { describe, expect, it } from 'vitest';
import { loginPathFor, pathAfterSignIn, safeNextPath } from './next-path';

describe('the page sign-in returns to', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeNextPath('/product/5')).toBe('/product/5');
    expect(safeNextPath('/messages?conversation=3#latest')).toBe('/messages?conversation=3#latest');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'product/5',
    '/\t/evil.example',
    '',
    null,
  ])('refuses %j, which could leave the site', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  // Each of these normalises (dot segments, escapes, dropped tabs, backslashes) to a path that leaves the site.
  it.each([
    '/..//evil.example',
    '/../..//evil.example/path',
    '/./..//evil.example',
    '/a/../..//evil.example',
    '/.%2e//evil.example',
    '/%2e%2e//evil',
    '/%2E%2E//evil',
    '/%2e%2e%2f/evil',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/..%2F..%2F/evil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/%2525252F%2525252Fevil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    '/..%5C/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n//evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%00//evil.example',
    '/\u0000/evil.example',
    ' //evil.example',
    '\t//evil.example',
    '//evil.example',
    '///evil.example',
    'https:evil.example',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    `/${'a'.repeat(2001)}`,
    '/%',
    '/%E0%A4%A',
  ])('refuses %j, which normalises to a page off the site', (value) => {
    expect(safeNextPath(value)).toBeNull();
    expect(pathAfterSignIn(new URLSearchParams({ next: value }), { from: value })).toBe('/dashboard');
  });

  it('keeps a path that only looks unusual, normalised', () => {
    expect(safeNextPath('/products/../favorites')).toBe('/favorites');
    expect(safeNextPath('/search?q=a%2Fb&next=//evil.example')).toBe('/search?q=a%2Fb&next=//evil.example');
    expect(safeNextPath('/farm/100%25%20organic')).toBe('/farm/100%25%20organic');
    expect(safeNextPath('/farm/caf%C3%A9')).toBe('/farm/caf%C3%A9');
    expect(safeNextPath('/@evil.example')).toBe('/@evil.example');
  });

  it('never returns to the sign-in or sign-up pages, however they are written', () => {
    expect(safeNextPath('/LOGIN')).toBeNull();
    expect(safeNextPath('/%6cogin')).toBeNull();
    expect(safeNextPath('/favorites/../login')).toBeNull();
    expect(safeNextPath('/Register/')).toBeNull();
  });

  it('never returns to the sign-in or sign-up pages', () => {
    expect(safeNextPath('/login')).toBeNull();
    expect(safeNextPath('/login/email-link?token=x')).toBeNull();
    expect(safeNextPath('/register?type=producer')).toBeNull();
  });

  it('builds the sign-in link that comes back', () => {
    expect(loginPathFor('/favorites?tab=2')).toBe('/login?next=%2Ffavorites%3Ftab%3D2');
    expect(loginPathFor('/login')).toBe('/login');
  });

  it('after sign-in goes to next, else a checked state.from, else the dashboard', () => {
    expect(pathAfterSignIn(new URLSearchParams('next=%2Fproduct%2F5'), { from: '/favorites' })).toBe('/product/5');
    expect(pathAfterSignIn(new URLSearchParams('next=https%3A%2F%2Fevil.example'), null)).toBe('/dashboard');
    expect(pathAfterSignIn(new URLSearchParams(), { from: '/favorites' })).toBe('/favorites');
    expect(pathAfterSignIn(new URLSearchParams(), { from: '//evil.example' })).toBe('/dashboard');
  });
});
