import type { CardLocale } from './cards';

/**
 * The sandbox's own pages, served from its origin path as a third party's would be: the
 * card field the checkout embeds, and the 3-D Secure challenge. They talk to the page that
 * embeds them only by postMessage ('pantalla-card:*'), checking the embedding origin.
 * Both speak the app's language: `locale=es|en|de` in their address (anything else: es).
 * The card field confirms a payment intent, or a setup intent (saving a card without a
 * charge) when the secret it is given is a setup intent's ('seti_...') or `mode: 'setup'`
 * comes with it or in its address.
 */

// Opaque, in the checkout panel's colour: a framed page's contrast is its own, not its embedder's.
const STYLE = `
:root{color-scheme:dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
*{box-sizing:border-box}
body{margin:0;background:#262626;color:#f2f2f2;font-size:16px;overflow-wrap:anywhere}
form,main{display:grid;gap:12px;padding:2px}
.row{display:grid;grid-template-columns:repeat(auto-fit,minmax(110px,1fr));gap:12px}
label{display:grid;gap:4px;font-size:14px;color:#d0d0d0}
input{font:inherit;width:100%;min-width:0;padding:10px 12px;border-radius:6px;border:1px solid #8a8a8a;background:#1c1c1c;color:#fff;min-height:24px}
input:focus{outline:3px solid #6aa9ff;outline-offset:1px}
button{font:inherit;padding:10px 16px;border-radius:6px;border:0;cursor:pointer;min-height:44px}
.ok{background:#2e7d32;color:#fff}.ko{background:#b3261e;color:#fff}
.brand{font-size:12px;color:#bdbdbd}
h1{font-size:18px;margin:0}p{margin:0}`;

/** The pages' words in each language. */
export const PAGE_TEXTS: Readonly<
  Record<
    CardLocale,
    {
      cardTitle: string;
      cardLabel: string;
      number: string;
      expiry: string;
      expiryPlaceholder: string;
      cvc: string;
      secure: string;
      challengeTitle: string;
      challengeHeading: string;
      challengePayment: (amount: string) => string;
      challengeSetup: string;
      pass: string;
      fail: string;
    }
  >
> = {
  es: {
    cardTitle: 'Tarjeta',
    cardLabel: 'Datos de la tarjeta',
    number: 'Número de tarjeta',
    expiry: 'Caducidad',
    expiryPlaceholder: 'MM / AA',
    cvc: 'CVC',
    secure: 'Pago seguro con Pantalla Sandbox (modo de prueba)',
    challengeTitle: 'Autenticación',
    challengeHeading: 'Autenticación de pago de prueba',
    challengePayment: (amount) => `Pantalla Sandbox: autoriza un pago de prueba de ${amount}.`,
    challengeSetup: 'Pantalla Sandbox: autoriza guardar tu tarjeta de prueba para pagos futuros.',
    pass: 'Completar autenticación',
    fail: 'Fallar autenticación',
  },
  en: {
    cardTitle: 'Card',
    cardLabel: 'Card details',
    number: 'Card number',
    expiry: 'Expiry',
    expiryPlaceholder: 'MM / YY',
    cvc: 'CVC',
    secure: 'Secure payment with Pantalla Sandbox (test mode)',
    challengeTitle: 'Authentication',
    challengeHeading: 'Test payment authentication',
    challengePayment: (amount) => `Pantalla Sandbox: authorise a test payment of ${amount}.`,
    challengeSetup: 'Pantalla Sandbox: authorise saving your test card for future payments.',
    pass: 'Complete authentication',
    fail: 'Fail authentication',
  },
  de: {
    cardTitle: 'Karte',
    cardLabel: 'Kartendaten',
    number: 'Kartennummer',
    expiry: 'Ablaufdatum',
    expiryPlaceholder: 'MM / JJ',
    cvc: 'Prüfnummer (CVC)',
    secure: 'Sichere Zahlung mit Pantalla Sandbox (Testmodus)',
    challengeTitle: 'Authentifizierung',
    challengeHeading: 'Authentifizierung der Testzahlung',
    challengePayment: (amount) => `Pantalla Sandbox: Bestätigen Sie eine Testzahlung über ${amount}.`,
    challengeSetup: 'Pantalla Sandbox: Bestätigen Sie, dass Ihre Testkarte für künftige Zahlungen gespeichert wird.',
    pass: 'Authentifizierung abschließen',
    fail: 'Authentifizierung fehlschlagen lassen',
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(locale: CardLocale, title: string, body: string, script: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}<script>${script}</script></body></html>`;
}

/** Shared by both pages: who embeds us, and how to answer it. */
const commonScript = (locale: CardLocale) => `
const params = new URLSearchParams(location.search);
const parentOrigin = params.get('origin') || location.origin;
const locale = ${JSON.stringify(locale)};
function tell(message){ window.parent.postMessage(Object.assign({source:'pantalla-card'}, message), parentOrigin); }
function finish(ok, body){
  if (ok && body.status === 'succeeded') return tell({type:'pantalla-card:result', status:'succeeded'});
  if (ok && body.status === 'requires_action' && body.next_action && body.next_action.redirect_to_url) {
    const next = new URL(body.next_action.redirect_to_url.url, location.href);
    next.searchParams.set('origin', parentOrigin); next.searchParams.set('locale', locale);
    return location.assign(next.toString());
  }
  const error = (body && body.error) || {};
  // The code lets the checkout say it in the user's language (Stripe.js's error.code, decline_code).
  tell(error.message ? {type:'pantalla-card:result', status:'error', message: error.message, code: error.code, declineCode: error.decline_code} : {type:'pantalla-card:result', status:'error', network:true});
}`;

/**
 * The card field: number, expiry and CVC; confirms the payment intent (or, in setup mode, the
 * setup intent) with the publishable key when the embedding page asks.
 */
export function cardFieldPage(locale: CardLocale = 'es'): string {
  const t = PAGE_TEXTS[locale];
  const body = `<form id="card" novalidate aria-label="${escapeHtml(t.cardLabel)}">
<label>${escapeHtml(t.number)}<input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required></label>
<div class="row"><label>${escapeHtml(t.expiry)}<input id="exp" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="${escapeHtml(t.expiryPlaceholder)}" maxlength="7" required></label>
<label>${escapeHtml(t.cvc)}<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4" required></label></div>
<p class="brand">${escapeHtml(t.secure)}</p></form>`;
  const script = `${commonScript(locale)}
const key = params.get('key') || '';
const $ = (id) => document.getElementById(id);
$('number').addEventListener('input', (e) => { const d = e.target.value.replace(/\\D/g,'').slice(0,19); e.target.value = d.replace(/(\\d{4})(?=\\d)/g,'$1 '); });
$('exp').addEventListener('input', (e) => { const d = e.target.value.replace(/\\D/g,'').slice(0,4); e.target.value = d.length > 2 ? d.slice(0,2) + ' / ' + d.slice(2) : d; });
$('card').addEventListener('submit', (e) => e.preventDefault());
async function confirmCard(clientSecret, billingName, mode){
  const id = String(clientSecret).split('_secret_')[0];
  // Setup mode saves the card without a charge (a setup intent's secret starts with seti_).
  const setup = mode === 'setup' || params.get('mode') === 'setup' || id.startsWith('seti_');
  const exp = $('exp').value.replace(/\\D/g,'');
  const form = new URLSearchParams({client_secret: clientSecret, 'payment_method_data[type]':'card',
    'payment_method_data[card][number]': $('number').value.replace(/\\D/g,''),
    'payment_method_data[card][exp_month]': exp.slice(0,2), 'payment_method_data[card][exp_year]': exp.slice(2),
    'payment_method_data[card][cvc]': $('cvc').value, 'payment_method_data[billing_details][name]': billingName || ''});
  let response;
  try {
    response = await fetch((setup ? '/v1/setup_intents/' : '/v1/payment_intents/') + encodeURIComponent(id) + '/confirm', {method:'POST', headers:{authorization:'Bearer ' + key, 'content-type':'application/x-www-form-urlencoded', 'accept-language': locale}, body: form});
  } catch { return tell({type:'pantalla-card:result', status:'error', network:true}); }
  let body = null; try { body = await response.json(); } catch {}
  finish(response.ok, body || {});
}
window.addEventListener('message', (e) => {
  if (e.origin !== parentOrigin || !e.data || e.data.type !== 'pantalla-card:confirm') return;
  void confirmCard(e.data.clientSecret, e.data.billingName, e.data.mode);
});
tell({type:'pantalla-card:ready'});`;
  return page(locale, t.cardTitle, body, script);
}

/** The 3-D Secure challenge: the tester completes or fails authentication (of a payment of `amount`, or of saving a card when null). */
export function challengePage(amount: string | null, locale: CardLocale = 'es'): string {
  const t = PAGE_TEXTS[locale];
  const body = `<main><h1>${escapeHtml(t.challengeHeading)}</h1>
<p>${escapeHtml(amount === null ? t.challengeSetup : t.challengePayment(amount))}</p>
<div class="row"><button type="button" class="ok" id="pass">${escapeHtml(t.pass)}</button><button type="button" class="ko" id="fail">${escapeHtml(t.fail)}</button></div></main>`;
  const script = `${commonScript(locale)}
async function answer(passed){
  document.querySelectorAll('button').forEach((b) => { b.disabled = true; });
  let response;
  try {
    response = await fetch(location.pathname, {method:'POST', headers:{'content-type':'application/json', 'accept-language': locale}, body: JSON.stringify({client_secret: params.get('client_secret'), passed})});
  } catch { return tell({type:'pantalla-card:result', status:'error', network:true}); }
  let body = null; try { body = await response.json(); } catch {}
  finish(response.ok, body || {});
}
document.getElementById('pass').addEventListener('click', () => answer(true));
document.getElementById('fail').addEventListener('click', () => answer(false));
tell({type:'pantalla-card:challenge'});`;
  return page(locale, t.challengeTitle, body, script);
}

/** An amount in minor units as people read it in `locale` (es, de: '4,99 €'; en: '€4.99'). */
export function amountText(amount: number, currency: string, locale: CardLocale = 'es'): string {
  const value = (amount / 100).toFixed(2);
  const symbol = currency.toLowerCase() === 'eur' ? '€' : null;
  if (locale === 'en') return symbol ? `${symbol}${value}` : `${value} ${currency.toUpperCase()}`;
  return symbol ? `${value.replace('.', ',')} ${symbol}` : `${value.replace('.', ',')} ${currency.toUpperCase()}`;
}
