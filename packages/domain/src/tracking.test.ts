import { describe, expect, it } from 'vitest';
import { CARRIERS, trackingUrl } from './tracking';

describe('tracking links', () => {
  it("opens each carrier's own tracking page for the number", () => {
    expect(trackingUrl('USPS', '9400111899223857264803')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223857264803');
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('FedEx', '449044304137821')).toBe('https://www.fedex.com/fedextrack/?trknbr=449044304137821');
    expect(trackingUrl('DHL', '1234567890')).toBe('https://www.dhl.com/us-en/home/tracking.html?tracking-id=1234567890');
  });

  it('has a page for every carrier staff can pick', () => {
    for (const carrier of CARRIERS) expect(trackingUrl(carrier, 'ABC12345')).toMatch(/^https:\/\/[^?]+\?[a-zA-Z-]+=ABC12345$/);
  });

  it('gives no link without a known carrier or a number, and encodes what is not letters and digits', () => {
    expect(trackingUrl(null, '1Z999AA10123456784')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
    expect(trackingUrl('Pony Express', '123')).toBeNull();
    expect(trackingUrl('UPS', 'A&B=C')).toBe('https://www.ups.com/track?tracknum=A%26B%3DC');
  });
});
