/**
 * What the journeys read from outside the browser: mails captured by the SMTP catcher
 * (server-with-catcher.mjs writes them as JSON into E2E_MAIL_DIR) and the SMS outbox the server
 * writes under DATA_DIR/outbox/sms/<timestamp>-<e164>.txt when no SMS provider is configured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface CapturedMail {
  to: string[];
  envelopeTo: string[];
  from: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
  file: string;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys through playwright.config.ts`);
  return value;
}

export const dataDir = () => requiredEnv('E2E_DATA_DIR');
export const mailDir = () => requiredEnv('E2E_MAIL_DIR');

export function readMails(): CapturedMail[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map((f) => ({ ...(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as CapturedMail), file: f }));
}

const isFor = (mail: CapturedMail, email: string) =>
  [...mail.to, ...mail.envelopeTo].some((a) => a.toLowerCase() === email.toLowerCase());

/** Waits for a mail to `email` that is not in `seen` and matches `match`; returns the newest one. */
export async function waitForMail(
  email: string,
  match: (mail: CapturedMail) => boolean = () => true,
  { seen = [] as string[], timeout = 15_000 } = {},
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMails()
          .filter((m) => isFor(m, email) && !seen.includes(m.file) && match(m))
          .at(-1);
        return !!found;
      },
      { timeout, message: `a mail to ${email}` },
    )
    .toBe(true);
  return found!;
}

/** The names of the mails captured so far (to wait for a newer one). */
export const mailFiles = () => readMails().map((m) => m.file);

/** The first six-digit number of a mail's text (the activation code). */
export function sixDigitCode(text: string): string {
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];
  if (!code) throw new Error(`no six-digit code in: ${text.slice(0, 500)}`);
  return code;
}

/** The first link of a mail's text (or HTML) whose path contains `pathPart`. */
export function linkIn(mail: CapturedMail, pathPart: string): URL {
  const candidates = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const hit = candidates.map((u) => u.replace(/&amp;/g, '&')).find((u) => u.includes(pathPart));
  if (!hit) throw new Error(`no link with ${pathPart} in the mail "${mail.subject}"`);
  return new URL(hit);
}

/** E.164 as the server stores it: '+' and digits. */
export const e164 = (phone: string) => `+${phone.replace(/\D/g, '')}`;

/** Waits for a new SMS outbox file for `phone` (not in `seen`) and returns its six-digit code. */
export async function waitForSmsCode(phone: string, seen: string[] = [], timeout = 15_000): Promise<string> {
  const dir = path.join(dataDir(), 'outbox', 'sms');
  const digits = phone.replace(/\D/g, '');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return false;
        const file = fs
          .readdirSync(dir)
          .filter((f) => f.replace(/\D/g, '').endsWith(digits) && !seen.includes(f))
          .sort()
          .at(-1);
        if (!file) return false;
        code = /(?<!\d)(\d{6})(?!\d)/.exec(fs.readFileSync(path.join(dir, file), 'utf8'))?.[1];
        return !!code;
      },
      { timeout, message: `an SMS to ${phone} under ${dir}` },
    )
    .toBe(true);
  return code!;
}

export function smsFiles(): string[] {
  const dir = path.join(dataDir(), 'outbox', 'sms');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}
