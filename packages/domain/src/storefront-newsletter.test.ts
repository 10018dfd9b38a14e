import { describe, expect, it } from 'vitest';
import { NEWSLETTER_RESEND_MINUTES, newsletterEmailError, newsletterSignupOutcome, normaliseNewsletterEmail } from './storefront-newsletter';

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

describe('normaliseNewsletterEmail', () => {
  it('trims and lower-cases the domain only', () => {
    expect(normaliseNewsletterEmail('  Ann.Lee@Example.COM ')).toBe('Ann.Lee@example.com');
  });
});

describe('newsletterSignupOutcome', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('sends a confirmation to a new address and to one that unsubscribed', () => {
    expect(newsletterSignupOutcome(undefined, now)).toBe('send-confirmation');
    expect(newsletterSignupOutcome({ status: 'unsubscribed', confirmationSentAt: minutesAgo(1) }, now)).toBe('send-confirmation');
  });

  it('resends to an unconfirmed address only after the resend interval', () => {
    expect(newsletterSignupOutcome({ status: 'pending', confirmationSentAt: minutesAgo(NEWSLETTER_RESEND_MINUTES - 1) }, now)).toBe('nothing');
    expect(newsletterSignupOutcome({ status: 'pending', confirmationSentAt: minutesAgo(NEWSLETTER_RESEND_MINUTES) }, now)).toBe('send-confirmation');
  });

  it('sends nothing to a confirmed subscriber', () => {
    expect(newsletterSignupOutcome({ status: 'confirmed', confirmationSentAt: minutesAgo(60 * 24) }, now)).toBe('nothing');
  });
});
