import { describe, expect, it } from 'vitest';
import { newsletterEmailError } from './storefront-newsletter';

describe('newsletterEmailError', () => {
  it('accepts standard addresses', () => {
    for (const email of ['ann@example.com', 'a.b+charms@mail.example.co.uk', ' ann@example.com ']) {
      expect(newsletterEmailError(email), email).toBeNull();
    }
  });

  it('says "Email address invalid" for anything else', () => {
    for (const email of ['ann', 'ann@', '@example.com', 'ann@example', 'ann @example.com', 'ann@@example.com', 'ann@exa mple.com']) {
      expect(newsletterEmailError(email), email).toBe('Email address invalid');
    }
  });

  it('requires an address', () => {
    expect(newsletterEmailError('  ')).toBe('Email address required');
  });
});
