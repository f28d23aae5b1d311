import { escapeHtml, inertText, type MailMessage } from '../identity';

/** The languages mails are written in; Spanish unless the account has another. */
export type MailLanguage = 'es' | 'en' | 'de';

export function mailLanguageOf(language: string | null | undefined): MailLanguage {
  const l = (language ?? '').toLowerCase().slice(0, 2);
  return l === 'en' || l === 'de' ? l : 'es';
}

/** What a billing mail tells. Amounts in cents with their currency; instants epoch ms. */
export type BillingMailFact =
  | {
      kind: 'purchase' | 'renewal' | 'recovery' | 'trial_conversion' | 'proration';
      title: string;
      amountCents: number;
      currency: string;
      until: number | null;
      receiptNumber: string | null;
    }
  | { kind: 'failed'; title: string; amountCents: number; currency: string; graceUntil: number }
  | { kind: 'cancelled'; title: string; endsAt: number }
  | { kind: 'ended'; title: string; reason: 'cancelled' | 'unpaid' | 'provider' }
  | { kind: 'refund'; title: string; amountCents: number; currency: string; receiptNumber: string | null }
  | { kind: 'trial_ending'; title: string; amountCents: number; currency: string; trialEndsAt: number };

export interface BillingMailInput {
  to: string;
  language: MailLanguage;
  operatorName: string;
  /** The card holder's name as typed at checkout (user-given: made inert); '' for none. */
  name: string;
  /** The settings page, where the history, receipts and card are. */
  settingsUrl: string;
  fact: BillingMailFact;
}

const LOCALES: Record<MailLanguage, string> = { es: 'es-ES', en: 'en-GB', de: 'de-DE' };

/** 9,99 € / €9.99 / 9,99 € as the app shows prices. */
export function moneyText(cents: number, currency: string, language: MailLanguage): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-IE' : LOCALES[language], {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** '6 de diciembre de 2026' / '6 December 2026' / '6. Dezember 2026' (UTC). */
export function dateText(ms: number, language: MailLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(ms));
}

interface Words {
  hello: (name: string) => string;
  team: (operator: string) => string;
  receipt: (n: string) => string;
  settings: string;
  body: (
    f: BillingMailFact,
    money: (c: number, cur: string) => string,
    date: (ms: number) => string,
  ) => { subject: string; lines: string[] };
}

const ES: Words = {
  hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  team: (o) => `El equipo de ${o}`,
  receipt: (n) => `Recibo n.º ${n}. Lo tienes, con todos tus pagos, en Ajustes:`,
  settings: 'Ajustes',
  body: (f, money, date) => {
    switch (f.kind) {
      case 'purchase':
      case 'trial_conversion':
      case 'proration':
        return {
          subject: `Confirmación de pago: ${f.title}`,
          lines: [
            `Hemos cobrado ${money(f.amountCents, f.currency)} (IVA incluido) por ${f.title}.`,
            ...(f.until ? [`Tienes acceso hasta el ${date(f.until)}.`] : []),
          ],
        };
      case 'renewal':
        return {
          subject: `Tu suscripción ${f.title} se ha renovado`,
          lines: [
            `Hemos cobrado ${money(f.amountCents, f.currency)} (IVA incluido) por la renovación de ${f.title}.`,
            ...(f.until ? [`Se renovará de nuevo el ${date(f.until)}.`] : []),
          ],
        };
      case 'recovery':
        return {
          subject: `Pago recibido: ${f.title} sigue activa`,
          lines: [
            `Hemos cobrado ${money(f.amountCents, f.currency)} (IVA incluido) y tu suscripción ${f.title} sigue activa, sin interrupciones.`,
          ],
        };
      case 'failed':
        return {
          subject: `No hemos podido renovar ${f.title}`,
          lines: [
            `No hemos podido cobrar ${money(f.amountCents, f.currency)} por la renovación de ${f.title}.`,
            `Sigues teniendo acceso hasta el ${date(f.graceUntil)}. Para no perderlo, actualiza tu tarjeta en Ajustes:`,
          ],
        };
      case 'cancelled':
        return {
          subject: `Has cancelado ${f.title}`,
          lines: [
            `Tu suscripción ${f.title} está cancelada y no se renovará.`,
            `Tienes acceso hasta el ${date(f.endsAt)}. Hasta entonces puedes reactivarla en Ajustes.`,
          ],
        };
      case 'ended':
        return {
          subject: `Tu suscripción ${f.title} ha terminado`,
          lines: [
            f.reason === 'unpaid'
              ? `Tu suscripción ${f.title} ha terminado porque no hemos podido cobrar la renovación.`
              : `Tu suscripción ${f.title} ha terminado.`,
            'Puedes volver a suscribirte cuando quieras.',
          ],
        };
      case 'refund':
        return {
          subject: `Te hemos devuelto ${money(f.amountCents, f.currency)}`,
          lines: [
            `Hemos devuelto ${money(f.amountCents, f.currency)} de ${f.title} a tu tarjeta. Puede tardar unos días en aparecer.`,
          ],
        };
      case 'trial_ending':
        return {
          subject: `Tu prueba de ${f.title} termina en 3 días`,
          lines: [
            `Tu periodo de prueba de ${f.title} termina el ${date(f.trialEndsAt)}. Ese día cobraremos ${money(f.amountCents, f.currency)} (IVA incluido) y cada mes después.`,
            'Si no quieres continuar, cancela antes en Ajustes y no se te cobrará nada.',
          ],
        };
    }
  },
};

const EN: Words = {
  hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
  team: (o) => `The ${o} team`,
  receipt: (n) => `Receipt no. ${n}. It is in Settings with all your payments:`,
  settings: 'Settings',
  body: (f, money, date) => {
    switch (f.kind) {
      case 'purchase':
      case 'trial_conversion':
      case 'proration':
        return {
          subject: `Payment confirmation: ${f.title}`,
          lines: [
            `We have charged ${money(f.amountCents, f.currency)} (VAT included) for ${f.title}.`,
            ...(f.until ? [`You have access until ${date(f.until)}.`] : []),
          ],
        };
      case 'renewal':
        return {
          subject: `Your ${f.title} subscription has renewed`,
          lines: [
            `We have charged ${money(f.amountCents, f.currency)} (VAT included) to renew ${f.title}.`,
            ...(f.until ? [`It renews again on ${date(f.until)}.`] : []),
          ],
        };
      case 'recovery':
        return {
          subject: `Payment received: ${f.title} stays active`,
          lines: [
            `We have charged ${money(f.amountCents, f.currency)} (VAT included) and your ${f.title} subscription stays active, without a gap.`,
          ],
        };
      case 'failed':
        return {
          subject: `We could not renew ${f.title}`,
          lines: [
            `We could not charge ${money(f.amountCents, f.currency)} to renew ${f.title}.`,
            `You keep access until ${date(f.graceUntil)}. To keep it, update your card in Settings:`,
          ],
        };
      case 'cancelled':
        return {
          subject: `You have cancelled ${f.title}`,
          lines: [
            `Your ${f.title} subscription is cancelled and will not renew.`,
            `You have access until ${date(f.endsAt)}. Until then you can reactivate it in Settings.`,
          ],
        };
      case 'ended':
        return {
          subject: `Your ${f.title} subscription has ended`,
          lines: [
            f.reason === 'unpaid'
              ? `Your ${f.title} subscription has ended because we could not charge its renewal.`
              : `Your ${f.title} subscription has ended.`,
            'You can subscribe again whenever you like.',
          ],
        };
      case 'refund':
        return {
          subject: `We have refunded ${money(f.amountCents, f.currency)}`,
          lines: [
            `We have refunded ${money(f.amountCents, f.currency)} of ${f.title} to your card. It may take a few days to show.`,
          ],
        };
      case 'trial_ending':
        return {
          subject: `Your ${f.title} trial ends in 3 days`,
          lines: [
            `Your ${f.title} trial ends on ${date(f.trialEndsAt)}. That day we will charge ${money(f.amountCents, f.currency)} (VAT included), then every month.`,
            'If you do not want to continue, cancel before then in Settings and nothing will be charged.',
          ],
        };
    }
  },
};

const DE: Words = {
  hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  team: (o) => `Ihr ${o}-Team`,
  receipt: (n) => `Beleg Nr. ${n}. Sie finden ihn mit allen Zahlungen in den Einstellungen:`,
  settings: 'Einstellungen',
  body: (f, money, date) => {
    switch (f.kind) {
      case 'purchase':
      case 'trial_conversion':
      case 'proration':
        return {
          subject: `Zahlungsbestätigung: ${f.title}`,
          lines: [
            `Wir haben ${money(f.amountCents, f.currency)} (inkl. MwSt.) für ${f.title} abgebucht.`,
            ...(f.until ? [`Sie haben Zugang bis zum ${date(f.until)}.`] : []),
          ],
        };
      case 'renewal':
        return {
          subject: `Ihr Abo ${f.title} wurde verlängert`,
          lines: [
            `Wir haben ${money(f.amountCents, f.currency)} (inkl. MwSt.) für die Verlängerung von ${f.title} abgebucht.`,
            ...(f.until ? [`Die nächste Verlängerung ist am ${date(f.until)}.`] : []),
          ],
        };
      case 'recovery':
        return {
          subject: `Zahlung erhalten: ${f.title} bleibt aktiv`,
          lines: [
            `Wir haben ${money(f.amountCents, f.currency)} (inkl. MwSt.) abgebucht; Ihr Abo ${f.title} bleibt ohne Unterbrechung aktiv.`,
          ],
        };
      case 'failed':
        return {
          subject: `Wir konnten ${f.title} nicht verlängern`,
          lines: [
            `Wir konnten ${money(f.amountCents, f.currency)} für die Verlängerung von ${f.title} nicht abbuchen.`,
            `Sie haben noch bis zum ${date(f.graceUntil)} Zugang. Damit es so bleibt, aktualisieren Sie Ihre Karte in den Einstellungen:`,
          ],
        };
      case 'cancelled':
        return {
          subject: `Sie haben ${f.title} gekündigt`,
          lines: [
            `Ihr Abo ${f.title} ist gekündigt und wird nicht verlängert.`,
            `Sie haben Zugang bis zum ${date(f.endsAt)}. Bis dahin können Sie es in den Einstellungen reaktivieren.`,
          ],
        };
      case 'ended':
        return {
          subject: `Ihr Abo ${f.title} ist beendet`,
          lines: [
            f.reason === 'unpaid'
              ? `Ihr Abo ${f.title} ist beendet, weil wir die Verlängerung nicht abbuchen konnten.`
              : `Ihr Abo ${f.title} ist beendet.`,
            'Sie können jederzeit wieder abonnieren.',
          ],
        };
      case 'refund':
        return {
          subject: `Wir haben ${money(f.amountCents, f.currency)} erstattet`,
          lines: [
            `Wir haben ${money(f.amountCents, f.currency)} für ${f.title} auf Ihre Karte erstattet. Es kann einige Tage dauern, bis der Betrag erscheint.`,
          ],
        };
      case 'trial_ending':
        return {
          subject: `Ihr Probezeitraum für ${f.title} endet in 3 Tagen`,
          lines: [
            `Ihr Probezeitraum für ${f.title} endet am ${date(f.trialEndsAt)}. An diesem Tag buchen wir ${money(f.amountCents, f.currency)} (inkl. MwSt.) ab, danach jeden Monat.`,
            'Wenn Sie nicht weitermachen möchten, kündigen Sie vorher in den Einstellungen; dann wird nichts abgebucht.',
          ],
        };
    }
  },
};

const WORDS: Record<MailLanguage, Words> = { es: ES, en: EN, de: DE };

/** Facts whose mail links to the settings (the card, the receipt, reactivation, cancelling). */
const LINKED = new Set<BillingMailFact['kind']>(['failed', 'cancelled', 'trial_ending']);

/** A billing mail in the subscriber's language, as text and HTML; the only link is our settings page. */
export function billingMail(input: BillingMailInput): MailMessage {
  const w = WORDS[input.language];
  const money = (c: number, cur: string) => moneyText(c, cur, input.language);
  const date = (ms: number) => dateText(ms, input.language);
  const { subject, lines } = w.body(input.fact, money, date);
  const receipt =
    'receiptNumber' in input.fact && input.fact.receiptNumber ? w.receipt(input.fact.receiptNumber) : null;
  const linked = receipt !== null || LINKED.has(input.fact.kind);
  const greeting = w.hello(inertText(input.name));
  const text = [
    greeting,
    '',
    ...lines,
    ...(receipt ? ['', receipt] : []),
    ...(linked ? ['', input.settingsUrl] : []),
    '',
    w.team(input.operatorName),
  ].join('\n');
  const href = escapeHtml(input.settingsUrl);
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...(receipt ? [`<p>${escapeHtml(receipt)}</p>`] : []),
    ...(linked ? [`<p><a href="${href}">${escapeHtml(w.settings)}</a>: ${href}</p>`] : []),
    `<p>${escapeHtml(w.team(input.operatorName))}</p>`,
  ].join('\n');
  return { to: input.to, subject: `${subject} · ${input.operatorName}`, text, html };
}
