/** A price in cents as the UI shows it: '4,99 €' (comma decimal; euro as €, accounts spec 9). */
export function priceLabel(cents: number, currency: string): string {
  const value = (cents / 100).toFixed(2).replace('.', ',');
  return currency.toUpperCase() === 'EUR' ? `${value} €` : `${value} ${currency.toUpperCase()}`;
}
