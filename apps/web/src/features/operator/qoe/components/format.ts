/** How the QoE figures read: a percent, a duration, a score; '–' for no value. */
export function qoeFormats(language: string) {
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const seconds = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const score = new Intl.NumberFormat(language, { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  return {
    count: (value: number | null) => (value === null ? '–' : number.format(value)),
    pct: (value: number | null) => (value === null ? '–' : `${percent.format(value)} %`),
    ms: (value: number | null) => (value === null ? '–' : `${seconds.format(value / 1000)} s`),
    score: (value: number | null) => (value === null ? '–' : score.format(value)),
    dateTime: (at: number) => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(at),
  };
}
