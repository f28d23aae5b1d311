import { describe, expect, it } from 'vitest';
import { billingMail, mailLanguageOf, moneyText, type BillingMailFact, type MailLanguage } from './billing-mails';

const AT = Date.UTC(2026, 11, 6, 12);
const FACTS: BillingMailFact[] = [
  {
    kind: 'purchase',
    title: 'Cine Plus',
    amountCents: 999,
    currency: 'EUR',
    until: AT,
    receiptNumber: 'PAN-2026-000001',
  },
  {
    kind: 'renewal',
    title: 'Cine Plus',
    amountCents: 999,
    currency: 'EUR',
    until: AT,
    receiptNumber: 'PAN-2026-000002',
  },
  {
    kind: 'recovery',
    title: 'Cine Plus',
    amountCents: 999,
    currency: 'EUR',
    until: AT,
    receiptNumber: 'PAN-2026-000003',
  },
  {
    kind: 'trial_conversion',
    title: 'Cine Plus',
    amountCents: 999,
    currency: 'EUR',
    until: AT,
    receiptNumber: 'PAN-2026-000004',
  },
  {
    kind: 'proration',
    title: 'Cine Plus',
    amountCents: 250,
    currency: 'EUR',
    until: AT,
    receiptNumber: 'PAN-2026-000005',
  },
  { kind: 'failed', title: 'Cine Plus', amountCents: 999, currency: 'EUR', graceUntil: AT },
  { kind: 'cancelled', title: 'Cine Plus', endsAt: AT },
  { kind: 'ended', title: 'Cine Plus', reason: 'unpaid' },
  { kind: 'refund', title: 'Cine Plus', amountCents: 100, currency: 'EUR', receiptNumber: 'PAN-2026-000006' },
  { kind: 'trial_ending', title: 'Cine Plus', amountCents: 999, currency: 'EUR', trialEndsAt: AT },
];
const mail = (fact: BillingMailFact, language: MailLanguage, name = 'Ana') =>
  billingMail({
    to: 'ana@pantalla.test',
    language,
    operatorName: 'Pantalla',
    name,
    settingsUrl: 'https://pantalla.example/settings/',
    fact,
  });

describe('billing mails', () => {
  it('writes every fact in es, en and de, each with its own subject, and links the settings where the subscriber acts', () => {
    for (const language of ['es', 'en', 'de'] as const) {
      const subjects = new Set<string>();
      for (const fact of FACTS) {
        const m = mail(fact, language);
        subjects.add(m.subject);
        expect(m.subject).toContain('Pantalla');
        expect(m.text).toContain('Cine Plus');
        const linked =
          fact.kind === 'failed' ||
          fact.kind === 'cancelled' ||
          fact.kind === 'trial_ending' ||
          ('receiptNumber' in fact && fact.receiptNumber !== null);
        expect(m.text.includes('https://pantalla.example/settings/'), `${language} ${fact.kind}`).toBe(linked);
        if ('receiptNumber' in fact && fact.receiptNumber) expect(m.text).toContain(fact.receiptNumber);
      }
      expect(subjects.size).toBeGreaterThanOrEqual(FACTS.length - 2);
    }
  });

  it('says dates and amounts as each language writes them', () => {
    expect(mail(FACTS[6] as BillingMailFact, 'es').text).toContain('Tienes acceso hasta el 6 de diciembre de 2026.');
    expect(mail(FACTS[6] as BillingMailFact, 'en').text).toContain('You have access until 6 December 2026.');
    expect(mail(FACTS[6] as BillingMailFact, 'de').text).toContain('Sie haben Zugang bis zum 6. Dezember 2026.');
    expect(moneyText(999, 'EUR', 'es')).toBe('9,99\u00a0€');
    expect(moneyText(999, 'eur', 'en')).toBe('€9.99');
    expect(moneyText(999, 'EUR', 'de')).toBe('9,99\u00a0€');
  });

  it("makes the holder's name inert and escapes it in HTML; the only link is the settings page", () => {
    const m = mail(FACTS[5] as BillingMailFact, 'es', '<b>Eve</b> https://evil.example\nBcc: x@y.z');
    expect(m.text).not.toMatch(/https:\/\/evil|x@y\.z|\nBcc/);
    expect(m.html).not.toContain('<b>');
    expect(m.html?.match(/href="/g)).toHaveLength(1);
    expect(mail(FACTS[5] as BillingMailFact, 'es', '').text.startsWith('Hola:')).toBe(true);
  });

  it('writes Spanish unless the account speaks English or German', () => {
    expect([null, undefined, '', 'fr', 'es-ES', 'en-GB', 'DE', 'de'].map(mailLanguageOf)).toEqual([
      'es',
      'es',
      'es',
      'es',
      'es',
      'en',
      'de',
      'de',
    ]);
  });
});
