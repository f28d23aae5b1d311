/**
 * The card field with Stripe itself (PAYMENT_PROVIDER=stripe): Stripe.js's card Element in a
 * page the checkout embeds, speaking the same 'pantalla-card:*' messages as the sandbox's
 * field, so the checkout does not know which provider it talks to. Stripe.js shows 3-D
 * Secure itself. Setup mode (a 'seti_' secret, or mode 'setup') saves the card without a
 * charge (confirmCardSetup); `locale` es, en or de.
 */
export function stripeCardPage(): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Tarjeta</title>
<style>:root{color-scheme:dark;font-family:system-ui,sans-serif}body{margin:0;background:#262626}#card{padding:12px;border:1px solid #8a8a8a;border-radius:6px;background:#1c1c1c}</style></head>
<body><div id="card" aria-label="Datos de la tarjeta"></div>
<script src="https://js.stripe.com/v3/"></script>
<script>
const params = new URLSearchParams(location.search);
const parentOrigin = params.get('origin') || location.origin;
function tell(message){ window.parent.postMessage(Object.assign({source:'pantalla-card'}, message), parentOrigin); }
const stripe = Stripe(params.get('key') || '', {locale: ['en', 'de'].includes(params.get('locale')) ? params.get('locale') : 'es'});
const card = stripe.elements().create('card', {style:{base:{color:'#ffffff', fontSize:'16px', '::placeholder':{color:'#bdbdbd'}}}});
card.mount('#card');
card.on('ready', () => tell({type:'pantalla-card:ready'}));
window.addEventListener('message', async (e) => {
  if (e.origin !== parentOrigin || !e.data || e.data.type !== 'pantalla-card:confirm') return;
  // Setup mode (saving a card, a trial's card): a setup intent's secret starts with seti_.
  const setup = e.data.mode === 'setup' || params.get('mode') === 'setup' || String(e.data.clientSecret).startsWith('seti_');
  const details = {payment_method:{card, billing_details:{name: e.data.billingName || ''}}};
  const result = setup ? await stripe.confirmCardSetup(e.data.clientSecret, details) : await stripe.confirmCardPayment(e.data.clientSecret, details);
  if (result.error) return tell(result.error.type === 'api_connection_error' ? {type:'pantalla-card:result', status:'error', network:true} : {type:'pantalla-card:result', status:'error', message: result.error.message, code: result.error.code, declineCode: result.error.decline_code});
  const intent = result.setupIntent || result.paymentIntent;
  tell(intent && intent.status === 'succeeded' ? {type:'pantalla-card:result', status:'succeeded'} : {type:'pantalla-card:result', status:'error', network:true});
});
</script></body></html>`;
}
