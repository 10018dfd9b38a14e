import { describe, expect, it } from 'vitest';
import { bodyOf, mistakesSummary, shownChange, valuesOfForm } from './settings-form';

describe('the settings form', () => {
  it('names the fields to correct by their labels, not by the API’s field names', () => {
    expect(mistakesSummary({ phone: 'must be a phone number', shippingTwoDay: 'must have at most two decimals (cents)' })).toBe(
      'Nothing was saved. Please correct the 2 fields marked below: Phone, 2-3 Day.',
    );
    expect(mistakesSummary({ timeZone: 'must be a time zone' })).toBe('Nothing was saved. Please correct the field marked below: Time zone.');
  });

  it('sends every checked metal, and shows them again after a mistake', () => {
    const form = new FormData();
    form.append('shippingTwoDay', '18.50');
    form.append('engravingFreeMetalIds', '41');
    form.append('engravingFreeMetalIds', '42');
    const values = valuesOfForm(form);
    expect(values.engravingFreeMetalIds).toBe('41,42');
    expect(bodyOf(values)).toMatchObject({ shippingTwoDay: '18.50', engravingFreeMetalIds: ['41', '42'] });
  });

  it('shows a trail’s prices in dollars and an empty social page as none', () => {
    expect(shownChange('twoDayShippingCents', 1850)).toBe('$18.50');
    expect(shownChange('facebookUrl', null)).toBe('none');
  });
});
