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
