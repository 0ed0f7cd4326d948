import { billingEventsV1, eventTopic } from '@shelfscan/contracts';
import { istanbulMidnight } from '@shelfscan/service';
import { describeEvent } from './activity.js';

describe('activity lines', () => {
  it("give a plan's period in Istanbul days, as billing sold it (not UTC's day before)", () => {
    // Bought on 28 Nov: from its Istanbul midnight (27 Nov 21:00 UTC) to the 1st's (30 Nov 21:00 UTC).
    const period = {
      periodStart: istanbulMidnight('2026-11-28').toISOString(),
      periodEnd: istanbulMidnight('2026-12-01').toISOString(),
    };
    expect(
      describeEvent(eventTopic(billingEventsV1.PlanActivatedSchema), { features: ['standard'], ...period }),
    ).toEqual({
      type: 'planActivated',
      summary: 'standard · 2026-11-28 → 2026-12-01',
      facts: { features: 'standard', from: '2026-11-28', to: '2026-12-01' },
    });
    expect(
      describeEvent(eventTopic(billingEventsV1.PlanCancelledSchema), { periodEnd: period.periodEnd }).summary,
    ).toContain('2026-12-01');
  });

  it('gives the facts by name, for the screen to word in its language', () => {
    expect(
      describeEvent(eventTopic(billingEventsV1.InvoiceRefundedSchema), {
        kind: 'refund',
        refundedTryKurus: '10050',
        reason: 'Çift çekim',
        refundedBy: 'admin@example.com',
      }).facts,
    ).toEqual({ kind: 'refund', tryKurus: '10050', reason: 'Çift çekim', by: 'admin@example.com' });
    expect(describeEvent(eventTopic(billingEventsV1.PlanCancelledSchema), { periodEnd: '' }).facts).toEqual(
      {},
    );
  });
});
