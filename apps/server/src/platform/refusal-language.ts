import { EMAIL_CHANGE_MESSAGES, PAYMENT_CONNECTIVITY_ERROR, PURCHASES_UNAVAILABLE } from '@pantalla/contracts';

/** The languages the server answers refusals in; Spanish, the spec's, is the default. */
export const REFUSAL_LANGUAGES = ['es', 'en', 'de'] as const;
export type RefusalLanguage = (typeof REFUSAL_LANGUAGES)[number];

/** A refusal in the other languages; the Spanish text, as the code throws it, is its key. */
export interface Translation {
  en: string;
  de: string;
}

/** What a card payment's refusal says, by Stripe's code (decline_code first): never the provider's own English. */
export const PAYMENT_REFUSALS = {
  declined: 'Se ha rechazado tu tarjeta.',
  insufficientFunds: 'Tu tarjeta no tiene fondos suficientes.',
  expired: 'Tu tarjeta ha caducado.',
  incorrectCvc: 'El código de seguridad de tu tarjeta no es correcto.',
  incorrectNumber: 'El número de tu tarjeta no es correcto.',
  processing: 'Ha habido un error al procesar tu tarjeta. Inténtalo de nuevo.',
  authentication: 'Tu banco pide confirmar este pago: vuelve a introducir la tarjeta para autenticarlo.',
  generic: 'El proveedor de pagos ha rechazado la operación.',
} as const;

const BY_CODE: Readonly<Record<string, string>> = {
  card_declined: PAYMENT_REFUSALS.declined,
  generic_decline: PAYMENT_REFUSALS.declined,
  do_not_honor: PAYMENT_REFUSALS.declined,
  lost_card: PAYMENT_REFUSALS.declined,
  stolen_card: PAYMENT_REFUSALS.declined,
  fraudulent: PAYMENT_REFUSALS.declined,
  insufficient_funds: PAYMENT_REFUSALS.insufficientFunds,
  expired_card: PAYMENT_REFUSALS.expired,
  invalid_expiry_year: PAYMENT_REFUSALS.expired,
  invalid_expiry_month: PAYMENT_REFUSALS.expired,
  incorrect_cvc: PAYMENT_REFUSALS.incorrectCvc,
  invalid_cvc: PAYMENT_REFUSALS.incorrectCvc,
  incorrect_number: PAYMENT_REFUSALS.incorrectNumber,
  invalid_number: PAYMENT_REFUSALS.incorrectNumber,
  processing_error: PAYMENT_REFUSALS.processing,
  authentication_required: PAYMENT_REFUSALS.authentication,
};

/** The Spanish text of a provider's refusal with these codes (decline_code is the more precise); generic when unknown. */
export function paymentRefusalText(code: string | null | undefined, declineCode?: string | null): string {
  return (
    (declineCode ? BY_CODE[declineCode] : undefined) ?? (code ? BY_CODE[code] : undefined) ?? PAYMENT_REFUSALS.generic
  );
}

/**
 * The server's own refusals of the commerce, billing and account routes in English and German.
 * Keys are the Spanish texts exactly as thrown (the spec's, verbatim), so a Spanish request
 * never sees anything but them.
 */
export const REFUSAL_TRANSLATIONS: Readonly<Record<string, Translation>> = {
  [PURCHASES_UNAVAILABLE]: {
    en: 'Purchases are not available on this server.',
    de: 'Käufe sind auf diesem Server nicht verfügbar.',
  },
  [PAYMENT_CONNECTIVITY_ERROR]: {
    en: 'Connectivity error, please try again later!',
    de: 'Verbindungsfehler, bitte versuchen Sie es später erneut!',
  },
  'Este producto ya no está a la venta.': {
    en: 'This product is no longer on sale.',
    de: 'Dieses Produkt wird nicht mehr verkauft.',
  },
  'Ya tienes este producto.': { en: 'You already have this product.', de: 'Sie haben dieses Produkt bereits.' },
  'No existe esa compra.': { en: 'That purchase does not exist.', de: 'Diesen Kauf gibt es nicht.' },
  'No existe esa compra pagada.': {
    en: 'That paid purchase does not exist.',
    de: 'Diesen bezahlten Kauf gibt es nicht.',
  },
  'No existe esa suscripción.': { en: 'That subscription does not exist.', de: 'Dieses Abo gibt es nicht.' },
  'No existe ese recibo.': { en: 'That receipt does not exist.', de: 'Diesen Beleg gibt es nicht.' },
  'Esta suscripción ya ha terminado.': {
    en: 'This subscription has already ended.',
    de: 'Dieses Abo ist bereits beendet.',
  },
  'Esta suscripción ya ha terminado: no se puede cambiar.': {
    en: 'This subscription has already ended: it cannot be changed.',
    de: 'Dieses Abo ist bereits beendet: es kann nicht gewechselt werden.',
  },
  'Esta suscripción ya ha terminado: no se puede reactivar. Puedes volver a suscribirte.': {
    en: 'This subscription has already ended: it cannot be reactivated. You can subscribe again.',
    de: 'Dieses Abo ist bereits beendet: es kann nicht reaktiviert werden. Sie können es erneut abonnieren.',
  },
  'El último cobro de esta suscripción falló: actualiza tu tarjeta antes de cambiarla.': {
    en: 'The last charge of this subscription failed: update your card before changing it.',
    de: 'Die letzte Abbuchung dieses Abos ist fehlgeschlagen: Aktualisieren Sie Ihre Karte, bevor Sie es wechseln.',
  },
  'Esta suscripción está cancelada: reactívala antes de cambiarla.': {
    en: 'This subscription is cancelled: reactivate it before changing it.',
    de: 'Dieses Abo ist gekündigt: Reaktivieren Sie es, bevor Sie es wechseln.',
  },
  'Ya estás suscrito a este producto.': {
    en: 'You are already subscribed to this product.',
    de: 'Sie haben dieses Produkt bereits abonniert.',
  },
  'Solo puedes cambiar a otra suscripción mensual.': {
    en: 'You can only switch to another monthly subscription.',
    de: 'Sie können nur zu einem anderen Monatsabo wechseln.',
  },
  'Una compra de pago por visión no es una suscripción: no se puede cambiar ni cancelar.': {
    en: 'A pay-per-view purchase is not a subscription: it cannot be changed or cancelled.',
    de: 'Ein Pay-per-View-Kauf ist kein Abo: er kann weder gewechselt noch gekündigt werden.',
  },
  'No se pudo cobrar el cambio de suscripción.': {
    en: 'The subscription change could not be charged.',
    de: 'Der Abowechsel konnte nicht abgebucht werden.',
  },
  'No tienes ninguna tarjeta guardada: introduce una.': {
    en: 'You have no saved card: enter one.',
    de: 'Sie haben keine gespeicherte Karte: Geben Sie eine ein.',
  },
  'No tienes ninguna tarjeta guardada.': { en: 'You have no saved card.', de: 'Sie haben keine gespeicherte Karte.' },
  'No encontramos ese registro de tarjeta.': {
    en: 'We could not find that card setup.',
    de: 'Diese Kartenhinterlegung wurde nicht gefunden.',
  },
  'La tarjeta aún no está guardada: confírmala en el campo de tarjeta.': {
    en: 'The card is not saved yet: confirm it in the card field.',
    de: 'Die Karte ist noch nicht gespeichert: Bestätigen Sie sie im Kartenfeld.',
  },
  'Este código promocional no es válido.': {
    en: 'This promotion code is not valid.',
    de: 'Dieser Aktionscode ist ungültig.',
  },
  'Este código promocional ha caducado.': {
    en: 'This promotion code has expired.',
    de: 'Dieser Aktionscode ist abgelaufen.',
  },
  'Este código promocional ya se ha usado el máximo de veces.': {
    en: 'This promotion code has been used the maximum number of times.',
    de: 'Dieser Aktionscode wurde bereits so oft wie möglich eingelöst.',
  },
  'Este código promocional no es válido para este producto.': {
    en: 'This promotion code is not valid for this product.',
    de: 'Dieser Aktionscode gilt nicht für dieses Produkt.',
  },
  'Este código promocional es solo para la primera compra.': {
    en: 'This promotion code is for a first purchase only.',
    de: 'Dieser Aktionscode gilt nur für den ersten Kauf.',
  },
  'La página pedida del historial no es válida.': {
    en: 'The requested page of the history is not valid.',
    de: 'Die angeforderte Seite des Verlaufs ist ungültig.',
  },
  'Esta compra no tiene ningún pago que devolver.': {
    en: 'This purchase has no payment to refund.',
    de: 'Dieser Kauf hat keine Zahlung zum Erstatten.',
  },
  'Este pago ya se ha devuelto entero.': {
    en: 'This payment has already been refunded in full.',
    de: 'Diese Zahlung wurde bereits vollständig erstattet.',
  },
  'El último pago de esta compra no se llegó a cobrar.': {
    en: 'The last payment of this purchase was never charged.',
    de: 'Die letzte Zahlung dieses Kaufs wurde nie abgebucht.',
  },
  'El proveedor de pagos ha rechazado la devolución.': {
    en: 'The payment provider refused the refund.',
    de: 'Der Zahlungsanbieter hat die Erstattung abgelehnt.',
  },
  [EMAIL_CHANGE_MESSAGES.same]: {
    en: 'That is already your account’s address.',
    de: 'Das ist bereits die Adresse Ihres Kontos.',
  },
  [EMAIL_CHANGE_MESSAGES.linkInvalid]: {
    en: 'The link to change the e-mail address is not valid, has been used or has expired.',
    de: 'Der Link zum Ändern der E-Mail-Adresse ist ungültig, wurde bereits verwendet oder ist abgelaufen.',
  },
  [EMAIL_CHANGE_MESSAGES.taken]: {
    en: 'That address already belongs to another account. Your e-mail address has not changed.',
    de: 'Diese Adresse gehört bereits zu einem anderen Konto. Ihre E-Mail-Adresse wurde nicht geändert.',
  },
  'La contraseña de la cuenta no es correcta.': {
    en: 'The account password is not correct.',
    de: 'Das Passwort des Kontos ist nicht korrekt.',
  },
  [PAYMENT_REFUSALS.declined]: { en: 'Your card was declined.', de: 'Ihre Karte wurde abgelehnt.' },
  [PAYMENT_REFUSALS.insufficientFunds]: {
    en: 'Your card has insufficient funds.',
    de: 'Ihre Karte ist nicht ausreichend gedeckt.',
  },
  [PAYMENT_REFUSALS.expired]: { en: 'Your card has expired.', de: 'Ihre Karte ist abgelaufen.' },
  [PAYMENT_REFUSALS.incorrectCvc]: {
    en: 'Your card’s security code is incorrect.',
    de: 'Der Sicherheitscode Ihrer Karte ist falsch.',
  },
  [PAYMENT_REFUSALS.incorrectNumber]: { en: 'Your card number is incorrect.', de: 'Ihre Kartennummer ist falsch.' },
  [PAYMENT_REFUSALS.processing]: {
    en: 'An error occurred while processing your card. Try again.',
    de: 'Bei der Verarbeitung Ihrer Karte ist ein Fehler aufgetreten. Versuchen Sie es erneut.',
  },
  [PAYMENT_REFUSALS.authentication]: {
    en: 'Your bank asks you to confirm this payment: enter the card again to authenticate it.',
    de: 'Ihre Bank verlangt eine Bestätigung dieser Zahlung: Geben Sie die Karte erneut ein, um sie zu authentifizieren.',
  },
  [PAYMENT_REFUSALS.generic]: {
    en: 'The payment provider refused the operation.',
    de: 'Der Zahlungsanbieter hat den Vorgang abgelehnt.',
  },
};

/**
 * The language of a request's Accept-Language: its most preferred of es/en/de (the app sends its
 * own language alone); Spanish when it names none of them, as the spec's texts are.
 */
export function refusalLanguageOf(acceptLanguage: string | string[] | undefined): RefusalLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && (REFUSAL_LANGUAGES as readonly string[]).includes(entry.primary))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.primary as RefusalLanguage | undefined) ?? 'es';
}

/** A refusal's text in the language asked for; the Spanish text when it is Spanish or has no translation. */
export function localizedRefusal(message: string, language: RefusalLanguage): string {
  if (language === 'es') return message;
  return REFUSAL_TRANSLATIONS[message]?.[language] ?? message;
}
