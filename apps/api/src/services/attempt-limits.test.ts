import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error';
import { ORDER_ATTEMPTS, PROMO_CODE_ATTEMPTS, addressKey } from './attempt-limits';

describe('the address an allowance belongs to', () => {
  it('is an IPv4 address as it is, also when written as IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however it is written", () => {
    expect(addressKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:0db8:00aa:00bb:ffff::1')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('which refusals count', () => {
  it('for orders: a declined or unusable card, not an empty bag, an order in progress or an unknown session', () => {
    expect(ORDER_ATTEMPTS.counts(new HttpError(402, 'PAYMENT_DECLINED', 'declined'))).toBe(true);
    expect(ORDER_ATTEMPTS.counts(new HttpError(400, 'PAYMENT_METHOD_INVALID', 'invalid'))).toBe(true);
    expect(ORDER_ATTEMPTS.counts(new HttpError(400, 'BAG_EMPTY', 'empty'))).toBe(false);
    expect(ORDER_ATTEMPTS.counts(new HttpError(409, 'ORDER_IN_PROGRESS', 'in progress'))).toBe(false);
    expect(ORDER_ATTEMPTS.counts(new HttpError(404, 'NOT_FOUND', 'no session'))).toBe(false);
  });

  it('for promo codes: a code that does not apply, not an unknown session', () => {
    expect(PROMO_CODE_ATTEMPTS.counts(new HttpError(404, 'NOT_FOUND', 'no session'))).toBe(false);
    expect(PROMO_CODE_ATTEMPTS.counts(new HttpError(400, 'PROMO_CODE_INVALID', 'no such code'))).toBe(true);
  });
});
