import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userToken } from '../../../test/jwt';
import { jsonResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { savedCard } from '../../../test/fixtures';
import { billingGateway } from '../test/gateway';

const token = () => userToken('ayse@example.com');
const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
/** The message under a field (Mantine links it through aria-describedby). */
const errorOf = (testId: string) => {
  const ids = input(testId).getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .find((t) => t && !t.startsWith('Saved')) ?? ''
  );
};
const submit = () => act(async () => fireEvent.click(screen.getByTestId('card-submit')));

/** Picks an option of a Mantine Select by its label (by text: role queries are slow on long lists). */
async function choose(testId: string, label: string) {
  await act(async () => fireEvent.click(input(testId)));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await act(async () => fireEvent.click(option));
}

async function fillValidCard() {
  type('card-holder-input', 'Ayşe Yılmaz');
  type('card-number-input', '5528790000000008');
  type('card-month-input', '7');
  type('card-year-input', '2030'); // an autofilled four-digit year keeps its last two digits
  type('card-cvc-input', '123');
  type('card-address-input', 'Bağdat Cd. 1');
  type('card-city-input', 'Kadıköy');
  type('card-zip-input', '34710');
  await choose('card-region-input', 'İstanbul');
}

/** The store as JSON: what RTK Query keeps of the calls. */
const storeText = (store: { getState: () => unknown }) => JSON.stringify(store.getState());

describe('add card', () => {
  it('validates every field in Turkish: required fields, the Luhn check, month, CVC and the region of TR', async () => {
    billingGateway();
    renderApp('/payment/addCard', { token: token() });
    await screen.findByTestId('card-form');
    expect(input('card-contact-input').value).toBe('Ayşe Yılmaz');
    await submit();
    expect(errorOf('card-holder-input')).toBe('Bu alan zorunludur.');
    expect(errorOf('card-number-input')).toBe('Bu alan zorunludur.');
    expect(errorOf('card-month-input')).toBe('Son kullanma ayı 1–12 olmalıdır.');
    expect(errorOf('card-year-input')).toBe('Son kullanma yılı iki haneli olmalıdır.');
    expect(errorOf('card-cvc-input')).toBe('Güvenlik kodu 3 ya da 4 haneli olmalıdır.');
    expect(errorOf('card-address-input')).toBe('Bu alan zorunludur.');
    expect(errorOf('card-region-input')).toBe('Bu alan zorunludur.');

    type('card-number-input', '4111 1111 1111 1112');
    expect(input('card-number-input').value).toBe('4111 1111 1111 1112');
    expect(screen.getByTestId('card-brand-detected').textContent).toBe('Visa');
    type('card-month-input', '13');
    type('card-year-input', '20');
    await submit();
    expect(errorOf('card-number-input')).toBe('Kart numarası geçersiz.');
    expect(errorOf('card-month-input')).toBe('Son kullanma ayı 1–12 olmalıdır.');
    type('card-month-input', '01');
    await submit();
    expect(errorOf('card-year-input')).toBe('Bu kartın süresi dolmuş.');
  });

  it('validates in English; a country without built-in regions asks for none', async () => {
    const server = billingGateway();
    renderApp('/us/payment/addCard', { token: token() });
    await screen.findByTestId('card-form');
    type('card-holder-input', 'John 3');
    await choose('card-country-input', 'Germany');
    expect(screen.queryByTestId('card-region-input')).toBeNull();
    await submit();
    expect(errorOf('card-holder-input')).toBe('Card holder name is invalid.');
    expect(errorOf('card-number-input')).toBe('This is required.');
    expect(errorOf('card-zip-input')).toBe('This is required.');
    expect(server.callsTo('POST /api/card')).toHaveLength(0);
  });

  it('sends the part 3 payload (alias, 20 + year, the region as its own field) and keeps no card number anywhere', async () => {
    const server = billingGateway();
    server.routes['POST /api/card'] = () => {
      server.card = savedCard();
      return jsonResponse({ success: true, message: 'Your card has been saved.', data: savedCard() });
    };
    const app = renderApp('/us/payment/addCard', { token: token() });
    await screen.findByTestId('card-form');
    await fillValidCard();
    expect(screen.getByTestId('card-brand-detected').textContent).toBe('Mastercard');
    await submit();
    await waitFor(() => expect(app.location()).toBe('/us/payment/addCard/success'));
    expect(await server.callsTo('POST /api/card')[0].json()).toEqual({
      cardAlias: 'Ayş',
      cardHolderName: 'Ayşe Yılmaz',
      cardNumber: '5528790000000008',
      expireYear: '2030',
      expireMonth: '07',
      cvc: '123',
      billing: {
        address: 'Bağdat Cd. 1',
        zipCode: '34710',
        contactName: 'Ayşe Yılmaz',
        city: 'Kadıköy',
        country: 'Turkey',
        region: '34',
      },
    });
    expect((await screen.findByTestId('card-summary')).textContent).toContain('0008');
    // Neither the number nor the CVC stays in the store or in the browser's storage.
    expect(storeText(app.store)).not.toContain('5528790000000008');
    expect(storeText(app.store)).not.toContain('"cvc"');
    for (const storage of [window.localStorage, window.sessionStorage])
      expect(JSON.stringify({ ...storage })).not.toContain('5528790000000008');
  });

  it('puts a 422 on its field, clears the CVC and drops the arguments from the store', async () => {
    const server = billingGateway();
    server.routes['POST /api/card'] = () =>
      jsonResponse(
        {
          success: false,
          message: 'Posta kodu çok uzun.',
          errors: [
            { field: 'billing.zipCode', msg: 'Posta kodu çok uzun.' },
            { field: 'billing.region', msg: 'Bu alan zorunludur.' },
            { field: 'expireYear', msg: 'Bu kartın süresi dolmuş.' },
          ],
        },
        422,
      );
    const app = renderApp('/payment/addCard', { token: token() });
    await screen.findByTestId('card-form');
    await fillValidCard();
    await submit();
    await waitFor(() => expect(errorOf('card-zip-input')).toBe('Posta kodu çok uzun.'));
    expect(errorOf('card-region-input')).toBe('Bu alan zorunludur.');
    expect(errorOf('card-year-input')).toBe('Bu kartın süresi dolmuş.');
    expect(screen.queryByTestId('card-error')).toBeNull();
    expect(input('card-cvc-input').value).toBe('');
    expect(storeText(app.store)).not.toContain('5528790000000008');
  });

  it('cardSaveFailed shows the reason from the provider', async () => {
    const server = billingGateway();
    server.routes['POST /api/card'] = () =>
      jsonResponse(
        { success: false, code: 'cardSaveFailed', message: 'Kart kaydedilemedi: Kart numarası geçersiz' },
        400,
      );
    renderApp('/payment/addCard', { token: token() });
    await screen.findByTestId('card-form');
    await fillValidCard();
    await submit();
    expect((await screen.findByTestId('card-error')).textContent).toBe(
      'Kart kaydedilemedi: Kart numarası geçersiz',
    );
  });

  it('says that only one card is kept when one exists', async () => {
    billingGateway({ card: savedCard() });
    renderApp('/us/payment/addCard', { token: token() });
    expect((await screen.findByTestId('card-replaces')).textContent).toBe(
      'You already have a saved card ending in 0008. Only one card can be kept: saving this form replaces it.',
    );
    expect(screen.getByTestId('card-submit').textContent).toBe('Replace my card');
  });
});
