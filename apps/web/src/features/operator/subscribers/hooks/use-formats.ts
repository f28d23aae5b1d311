import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates, date-times and money in the console's language. */
export function useFormats() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      date: (ms: number) => date.format(ms),
      dateTime: (ms: number) => dateTime.format(ms),
      money: (cents: number, currency: string) =>
        new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100),
    };
  }, [i18n.language]);
}
