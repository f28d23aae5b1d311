import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { isolatedPoints, TimeChart } from './time-chart';

const DAY = 86_400_000;
const x = [Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 1) + DAY, Date.UTC(2026, 10, 1) + 2 * DAY];

describe('TimeChart', () => {
  it('is a figure named by its label and described by its sentence, with every value in a table', () => {
    render(
      <TimeChart
        label="Ventas por día"
        description="3 ventas en total."
        unit="day"
        x={x}
        series={[
          { label: 'Ventas', values: [1, null, 2], integer: true },
          { label: 'Importe', values: [999, 0, 1998], format: (v) => `${(v / 100).toFixed(2)} €` },
        ]}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Ventas por día' });
    expect(figure.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(figure.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '3 ventas en total.',
    );
    const table = within(figure).getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(4);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader', { hidden: true })
        .map((c) => c.textContent),
    ).toEqual(['Fecha', 'Ventas', 'Importe']);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell', { hidden: true })
        .map((c) => c.textContent),
    ).toEqual(['1', '9.99 €']);
    // A gap reads as a dash, not as zero.
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell', { hidden: true })
        .map((c) => c.textContent),
    ).toEqual(['–', '0.00 €']);
  });

  it('keeps the canvas out of the accessibility tree', () => {
    const { container } = render(
      <TimeChart label="Espectadores" unit="minute" x={x} series={[{ label: 'Espectadores', values: [3, 4, 5] }]} />,
    );
    const plot = container.querySelector('.time-chart__plot');
    if (plot) expect(plot.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('figure', { name: 'Espectadores' })).toBeTruthy();
  });

  it('marks a value with no neighbours (a range with one busy bucket), and no other', () => {
    expect(isolatedPoints([null, 4, null, null])).toEqual([1]);
    expect(isolatedPoints([7])).toEqual([0]);
    expect(isolatedPoints([1, 2, null, 3])).toEqual([3]);
    expect(isolatedPoints([0, null, 0])).toEqual([0, 2]);
    expect(isolatedPoints([1, 2, 3])).toEqual([]);
  });

  it('reads hour buckets with their date (a week or a month of them)', () => {
    const at = Date.UTC(2026, 10, 3, 12);
    render(
      <TimeChart label="Semana" unit="hour" x={[at, at + 3_600_000]} series={[{ label: 'Vistas', values: [1, 2] }]} />,
    );
    const rows = within(screen.getByRole('table', { hidden: true })).getAllByRole('row', { hidden: true });
    const expected = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short' }).format(at);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader', { hidden: true }).textContent).toContain(expected);
  });
});
