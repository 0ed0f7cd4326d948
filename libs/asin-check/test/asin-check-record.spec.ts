import { asinCheckMessageOf, asinCheckRecordOfRow } from '../src/index.js';

describe('an ASIN check record', () => {
  it('reads its table row: numeric columns from text, missing values as null', () => {
    const sold = asinCheckRecordOfRow({
      asin: 'B000000001',
      seq: 3,
      state: 'sold',
      title: 'Çay bardağı',
      price_text: '$24.99',
      price: '24.99',
      currency: 'CAD',
      stars: 4.5,
      review_count: 1203,
      amazons_choice: true,
      best_seller: false,
    });
    expect(sold).toEqual({
      asin: 'B000000001',
      seq: 3,
      state: 'sold',
      title: 'Çay bardağı',
      priceText: '$24.99',
      price: 24.99,
      currency: 'CAD',
      stars: 4.5,
      reviewCount: 1203,
      amazonsChoice: true,
      bestSeller: false,
    });
    const missing = asinCheckRecordOfRow({
      asin: 'B000000002',
      seq: 4,
      state: 'not-found',
      title: null,
      price_text: null,
      price: null,
      currency: null,
      stars: null,
      review_count: null,
      amazons_choice: false,
      best_seller: false,
    });
    expect(missing).toMatchObject({
      title: null,
      priceText: null,
      price: null,
      stars: null,
      reviewCount: null,
    });
  });

  it('lists as its bus message: unknown texts empty, unknown numbers unset', () => {
    expect(
      asinCheckMessageOf({
        asin: 'B000000002',
        state: 'unavailable',
        title: 'Kupa',
        priceText: null,
        price: null,
        currency: null,
        stars: 0,
        reviewCount: null,
        amazonsChoice: false,
        bestSeller: true,
      }),
    ).toEqual({
      asin: 'B000000002',
      state: 'unavailable',
      title: 'Kupa',
      priceText: '',
      price: undefined,
      currency: '',
      stars: 0,
      reviewCount: undefined,
      amazonsChoice: false,
      bestSeller: true,
    });
  });
});
