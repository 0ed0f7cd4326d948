import { simulatedBulletin, startCentralBank } from './central-bank.js';

describe('central bank double', () => {
  it("serves the bulletin of the Istanbul day, labelled as simulated, at today.xml's path", async () => {
    // 21:30 UTC on 30 Nov is 00:30 on 1 Dec in Istanbul (UTC+3).
    let now = new Date('2026-11-30T20:59:59Z');
    const bank = await startCentralBank({ usdSelling: '41.2345', now: () => now });
    try {
      expect(bank.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/kurlar\/today\.xml$/);
      const before = await (await fetch(bank.url)).text();
      expect(before).toContain('Tarih="30.11.2026" Date="11/30/2026" Bulten_No="SIM/2026/334"');
      now = new Date('2026-11-30T21:00:00Z');
      const after = await (await fetch(bank.url)).text();
      expect(after).toContain('Tarih="01.12.2026" Date="12/01/2026" Bulten_No="SIM/2026/335"');
      expect(after).toContain('<ForexSelling>41.2345</ForexSelling>');
      expect(after).toContain('<ForexBuying>41.1603</ForexBuying>');
      expect(after).toContain('SIMULATED bulletin');
      expect(after).toContain('<CurrencyName>US DOLLAR (SIMULATED)</CurrencyName>');
      expect((await fetch(bank.url.replace('today.xml', '202611/30112026.xml'))).status).toBe(404);
    } finally {
      await bank.close();
    }
  });

  it('refuses a rate without the bulletin’s 4 decimals', async () => {
    expect(() => simulatedBulletin('2026-11-30', '42.5')).toThrow('4 decimals');
    await expect(startCentralBank({ usdSelling: '42' })).rejects.toThrow('4 decimals');
  });
});
