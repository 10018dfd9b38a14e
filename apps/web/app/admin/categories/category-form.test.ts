import { describe, expect, it } from 'vitest';
import { bodyOf, formValuesOf, shownValue } from './category-form';

const category = { id: 7, name: 'Dog Charms', slug: 'Dog-Charms', description: 'Woof.', menuImage: '14k-gold/paw', position: 3, productCount: 12 };

describe('the category form', () => {
  it('shows a stored category, its picture as metal and shape', () => {
    expect(formValuesOf(category)).toEqual({ name: 'Dog Charms', slug: 'Dog-Charms', description: 'Woof.', pictureMetal: '14k-gold', pictureShape: 'paw' });
    expect(formValuesOf({ ...category, menuImage: null })).toMatchObject({ pictureMetal: 'sterling-silver', pictureShape: '' });
    expect(formValuesOf(null)).toEqual({ name: '', slug: '', description: '', pictureMetal: 'sterling-silver', pictureShape: '' });
  });

  it('sends the picture as metal/shape, and no shape as no picture', () => {
    expect(bodyOf(formValuesOf(category))).toEqual({ name: 'Dog Charms', slug: 'Dog-Charms', description: 'Woof.', menuImage: '14k-gold/paw' });
    expect(bodyOf({ ...formValuesOf(category), pictureShape: '' }).menuImage).toBe('');
  });

  it('shows empty values as none and cuts long ones', () => {
    expect(shownValue(null)).toBe('none');
    expect(shownValue('')).toBe('none');
    expect(shownValue('x'.repeat(100))).toHaveLength(78);
  });
});
