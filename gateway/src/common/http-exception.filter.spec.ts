import { BusError, type BusErrorCode } from '@shelfscan/bus';
import {
  ForbiddenException,
  NotFoundException,
  UnauthorizedException,
  type ArgumentsHost,
} from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { HttpExceptionFilter, unprocessable } from './http-exception.filter.js';
import { runWithLang } from './i18n.js';

/** Runs the filter on an exception and returns what the client receives. */
function answer(exception: unknown, lang = 'en') {
  const sent: { status?: number; body?: Record<string, unknown>; headers: Record<string, string> } = {
    headers: {},
  };
  const reply = {
    header: (k: string, v: string) => ((sent.headers[k] = v), reply),
    status: (s: number) => ((sent.status = s), reply),
    send: (b: Record<string, unknown>) => ((sent.body = b), reply),
  };
  const host = { switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ArgumentsHost;
  runWithLang(lang, () => new HttpExceptionFilter().catch(exception, host));
  return sent;
}

describe('HttpExceptionFilter: bus errors to HTTP answers, in one table', () => {
  it.each<[BusErrorCode, number]>([
    ['INVALID_ARGUMENT', 422],
    ['ALREADY_EXISTS', 400],
    ['NOT_FOUND', 404],
    ['UNAUTHENTICATED', 401],
    ['PERMISSION_DENIED', 403],
    ['FAILED_PRECONDITION', 403],
    ['RESOURCE_EXHAUSTED', 429],
    ['UNAVAILABLE', 503],
    ['DEADLINE_EXCEEDED', 504],
    ['INTERNAL', 500],
  ])('%s → %i with the reason as code', (code, status) => {
    const r = answer(new BusError(code, 'some message', { reason: 'someReason' }));
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ success: false, message: 'some message', code: 'someReason', status });
  });

  it('answers a stale activation code or reset key with 400, whatever its code', () => {
    for (const reason of ['activationCodeInvalid', 'activationCodeExpired', 'resetKeyInvalid']) {
      expect(answer(new BusError('INVALID_ARGUMENT', 'x', { reason })).status).toBe(400);
    }
  });

  it('turns violations into the localised 422 list, messages joined by line breaks', () => {
    const err = new BusError('INVALID_ARGUMENT', 'ignored', {
      violations: [
        { field: 'firstName', msg: 'nameInvalid' },
        { field: 'phone', msg: 'phoneInvalid' },
      ],
    });
    expect(answer(err, 'en').body).toMatchObject({
      message:
        'Name is invalid: use 2–50 letters, with single spaces, hyphens or apostrophes between them.\nPhone number is invalid.',
      errors: [
        {
          field: 'firstName',
          msg: 'Name is invalid: use 2–50 letters, with single spaces, hyphens or apostrophes between them.',
        },
        { field: 'phone', msg: 'Phone number is invalid.' },
      ],
    });
    expect(answer(err, 'tr').body).toMatchObject({
      message:
        'Ad geçersiz: 2–50 harf kullanın; harfler arasında tek boşluk, tire veya kesme işareti olabilir.\nTelefon numarası geçersiz.',
    });
  });

  it('sends Retry-After from the bus error', () => {
    const r = answer(
      new BusError('RESOURCE_EXHAUSTED', 'wait', { reason: 'tooManyRequests', retryAfterSeconds: 42 }),
    );
    expect(r.headers['Retry-After']).toBe('42');
  });

  it('keeps the gateway’s own 422 (unprocessable) and hides unexpected errors', () => {
    const own = runWithLang('en', () =>
      unprocessable([{ field: 'file', msg: 'photoMissing' }], 'photoMissing'),
    );
    expect(answer(own)).toMatchObject({
      status: 422,
      body: { code: 'photoMissing', errors: [{ field: 'file', msg: 'Choose a photo to upload.' }] },
    });
    expect(answer(new Error('database password is hunter2'))).toMatchObject({
      status: 500,
      body: { success: false, message: 'A system error occurred.', code: 'systemError' },
    });
    expect(answer(new Error('x'), 'tr').body).toMatchObject({ message: 'Bir sistem hatası oluştu.' });
  });

  it('words Nest’s own answers (guard, unknown route, throttler) in the request language; keeps a message of the code’s own', () => {
    expect(answer(new UnauthorizedException(), 'tr')).toMatchObject({
      status: 401,
      body: { success: false, message: 'Lütfen giriş yapın.', code: 'unauthorized' },
    });
    expect(answer(new UnauthorizedException(), 'en').body).toMatchObject({ message: 'Please log in.' });
    expect(answer(new NotFoundException(), 'tr').body).toMatchObject({
      message: 'Bulunamadı.',
      code: 'notFound',
    });
    expect(answer(new ForbiddenException(), 'tr').body).toMatchObject({
      message: 'Bu işlem için yetkiniz yok.',
    });
    expect(answer(new ThrottlerException(), 'tr')).toMatchObject({
      status: 429,
      body: {
        message: 'Çok fazla istek yapıldı. Lütfen biraz bekleyip tekrar deneyin.',
        code: 'tooManyRequests',
      },
    });
    expect(answer(new NotFoundException('the web app is not built'), 'tr').body).toMatchObject({
      message: 'the web app is not built',
      code: 'notFound',
    });
  });

  it.each([
    // The search service's quota answers: one per counter, each in both languages.
    [
      'monthlySearchLimitExceeded',
      'Monthly search limit exceeded; your searches come back on the 1st of the month.',
      "Aylık arama sınırı aşıldı; aramalarınız ayın 1'inde yenilenir.",
    ],
    [
      'noRemainingDailySearchRights',
      'You have no remaining daily search rights.',
      'Kalan günlük arama hakkınız yok.',
    ],
    [
      'noRemainingDailyDeepSearchRights',
      'You have no remaining deep search rights today.',
      'Bugün kalan derin arama hakkınız yok.',
    ],
  ])('words the quota answer %s in English and Turkish', (reason, en, tr) => {
    const err = new BusError('RESOURCE_EXHAUSTED', reason, { reason, retryAfterSeconds: 60 });
    expect(answer(err, 'en')).toMatchObject({ status: 429, body: { code: reason, message: en } });
    expect(answer(err, 'tr')).toMatchObject({ status: 429, body: { code: reason, message: tr } });
  });

  it('words a reason from the catalogue with the error’s detail in its {{detail}}', () => {
    const failed = new BusError('FAILED_PRECONDITION', 'paymentFailed', {
      reason: 'paymentFailed',
      detail: 'Insufficient funds',
    });
    expect(answer(failed, 'tr').body).toMatchObject({ message: 'Ödeme başarısız: Insufficient funds' });
    expect(answer(failed, 'en').body).toMatchObject({ message: 'Payment failed: Insufficient funds' });
    const plain = new BusError('FAILED_PRECONDITION', 'noDeepPlan', { reason: 'noDeepPlan' });
    expect(answer(plain, 'tr').body).toMatchObject({ message: 'Derin planınız yok.' });
  });

  it('words a billing card refusal once, in Turkish and in English (the prefix is the catalogue’s)', () => {
    const refused = new BusError('FAILED_PRECONDITION', 'cardSaveFailed', {
      reason: 'cardSaveFailed',
      detail: 'Kart numarası geçersizdir',
    });
    expect(answer(refused, 'tr')).toMatchObject({
      status: 400,
      body: { code: 'cardSaveFailed', message: 'Kart kaydedilemedi: Kart numarası geçersizdir' },
    });
    expect(answer(refused, 'en').body.message).toBe('Card save failed: Kart numarası geçersizdir');
    const tooMuch = new BusError('FAILED_PRECONDITION', 'refundTooMuch', {
      reason: 'refundTooMuch',
      detail: '12.50 TRY',
    });
    expect(answer(tooMuch, 'en').body.message).toBe(
      'A refund cannot exceed what is left of the payment (12.50 TRY).',
    );
  });
});
