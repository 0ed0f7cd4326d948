import { describe, expect, it } from 'vitest';
import { redactAction, REDACTED } from './redact';

describe('redactAction (the DevTools sanitizer)', () => {
  it('replaces the card number and CVC of a call and keeps everything else', () => {
    const action = {
      type: 'api/executeMutation/pending',
      meta: {
        requestId: 'r1',
        arg: {
          endpointName: 'saveCard',
          originalArgs: {
            cardHolderName: 'Ayşe',
            cardNumber: '5528790000000008',
            cvc: '123',
            billing: { city: 'x' },
          },
        },
      },
    };
    const clean = redactAction(action);
    expect(JSON.stringify(clean)).not.toContain('5528790000000008');
    expect(clean.meta.arg.originalArgs).toEqual({
      cardHolderName: 'Ayşe',
      cardNumber: REDACTED,
      cvc: REDACTED,
      billing: { city: 'x' },
    });
    // The original is not changed (the store still gets the real action).
    expect(action.meta.arg.originalArgs.cardNumber).toBe('5528790000000008');
  });

  it('leaves other actions as they are', () => {
    const action = { type: 'x', meta: { arg: { originalArgs: { features: ['standard'] } } } };
    expect(redactAction(action)).toBe(action);
    const plain = { type: 'y' };
    expect(redactAction(plain)).toBe(plain);
  });
});
