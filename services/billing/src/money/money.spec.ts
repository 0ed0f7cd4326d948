import {
  computeCharge,
  decimalToMinor,
  divRoundHalfUp,
  includedVat,
  minorToDecimal,
  percentToMinor,
  vatIncluded,
} from './money.js';

const rate = { units4: decimalToMinor('7.9073', 4), bulletinDate: '2020-10-08' };
const fee = decimalToMinor('10');

describe('computeCharge', () => {
  it('charges the full fee on the 1st', () => {
    const b = computeCharge({ monthlyFeeUsdCents: fee, today: '2030-03-01', rate });
    expect(b.usdCents).toBe(1000n);
    expect(b.daysCharged).toBe(31);
    // 10.00 × 7.9073 = 79.073 → 79.07
    expect(b.tryKurus).toBe(7907n);
  });

  it('charges one day on the last day of a 31-day month', () => {
    const b = computeCharge({ monthlyFeeUsdCents: fee, today: '2030-01-31', rate });
    // 10 × 1 ÷ 31 = 0.32258… → 0.32; 0.32 × 7.9073 = 2.530336 → 2.53
    expect([b.usdCents, b.daysCharged, b.daysInMonth, b.tryKurus]).toEqual([32n, 1, 31, 253n]);
  });

  it('prorates February (28 days) and a leap February (29 days)', () => {
    const feb = computeCharge({ monthlyFeeUsdCents: fee, today: '2030-02-15', rate });
    // 14 of 28 days = 5.00
    expect([feb.usdCents, feb.daysCharged, feb.daysInMonth]).toEqual([500n, 14, 28]);
    const leap = computeCharge({ monthlyFeeUsdCents: fee, today: '2028-02-15', rate });
    // 15 of 29 days = 5.1724… → 5.17
    expect([leap.usdCents, leap.daysCharged, leap.daysInMonth]).toEqual([517n, 15, 29]);
    const leapLast = computeCharge({ monthlyFeeUsdCents: fee, today: '2028-02-29', rate });
    // 1 of 29 = 0.3448… → 0.34
    expect(leapLast.usdCents).toBe(34n);
  });

  it('rounds half up at each step', () => {
    // 10 × 8 ÷ 16 has no remainder; choose a fee that lands on .5 of a cent: 0.05 × 15 ÷ 30 = 0.025 → 0.03
    expect(
      computeCharge({ monthlyFeeUsdCents: 5n, today: '2030-04-16', rate, promotion: null }).usdCents,
    ).toBe(3n);
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(4n, 3n)).toBe(1n);
    // TRY: 1.00 USD at 1.2345 → 1.2345 → 1.23; at 1.2350 → 1.235 → 1.24
    const at = (r: string) =>
      computeCharge({
        monthlyFeeUsdCents: 100n,
        today: '2030-03-01',
        rate: { units4: decimalToMinor(r, 4), bulletinDate: '2030-02-28' },
      }).tryKurus;
    expect([at('1.2345'), at('1.2350')]).toEqual([123n, 124n]);
  });

  it('applies AMOUNT and PERCENT promotions after the proration, never below zero', () => {
    const pct = computeCharge({
      monthlyFeeUsdCents: fee,
      today: '2030-03-01',
      rate,
      promotion: { type: 'PERCENT', valueMinor: decimalToMinor('25') },
    });
    expect([pct.discountUsdCents, pct.netUsdCents, pct.tryKurus]).toEqual([250n, 750n, 5930n]);
    const amount = computeCharge({
      monthlyFeeUsdCents: fee,
      today: '2030-01-31',
      rate: null,
      promotion: { type: 'AMOUNT', valueMinor: decimalToMinor('5') },
    });
    expect([amount.usdCents, amount.discountUsdCents, amount.netUsdCents, amount.tryKurus]).toEqual([
      32n,
      32n,
      0n,
      0n,
    ]);
  });

  it('gives no lira amount for a non-zero amount without a rate', () => {
    const b = computeCharge({ monthlyFeeUsdCents: fee, today: '2030-03-01', rate: null });
    expect([b.usdCents, b.tryKurus]).toEqual([1000n, null]);
  });
});

describe('helpers', () => {
  it('parses and prints decimals without floats', () => {
    expect(decimalToMinor('12.5')).toBe(1250n);
    expect(decimalToMinor('0.07')).toBe(7n);
    expect(() => decimalToMinor('1.005')).toThrow();
    expect(() => decimalToMinor('-1')).toThrow();
    expect(minorToDecimal(7907n)).toBe('79.07');
    expect(minorToDecimal(79073n, 4)).toBe('7.9073');
    expect(minorToDecimal(5n)).toBe('0.05');
  });

  it('computes the VAT included in a total', () => {
    // 120.00 gross at 20 % holds 20.00 VAT
    expect(includedVat(12000n, 2000n)).toBe(2000n);
    expect(includedVat(7907n, 2000n)).toBe(1318n);
  });

  it('reads a VAT percent as numeric(5, 2) keeps it and shows it without trailing zeros', () => {
    expect(['20', '20.00', '18.5', '18.125', '18.124', '0', '1.005'].map(percentToMinor)).toEqual([
      2000n,
      2000n,
      1850n,
      1813n,
      1812n,
      0n,
      101n,
    ]);
    expect(() => percentToMinor('20%')).toThrow(/not a percent/);
    expect(vatIncluded(4539n, '20.00')).toEqual({ percent: '20', minor: 757n });
    expect(vatIncluded(6120n, '18.125')).toEqual({ percent: '18.13', minor: 939n });
    expect(vatIncluded(10000n, '18.50')).toEqual({ percent: '18.5', minor: 1561n });
    expect(vatIncluded(10000n, '0')).toEqual({ percent: '0', minor: 0n });
  });
});
