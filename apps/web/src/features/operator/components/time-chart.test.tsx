import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { TimeChart } from './time-chart';

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
    expect(document.getElementById(figure.getAttribute('aria-describedby') ?? '')?.textContent).toBe('3 ventas en total.');
    const table = within(figure).getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(4);
    expect(within(rows[0] as HTMLElement).getAllByRole('columnheader', { hidden: true }).map((c) => c.textContent)).toEqual(['Fecha', 'Ventas', 'Importe']);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell', { hidden: true }).map((c) => c.textContent)).toEqual(['1', '9.99 €']);
    // A gap reads as a dash, not as zero.
    expect(within(rows[2] as HTMLElement).getAllByRole('cell', { hidden: true }).map((c) => c.textContent)).toEqual(['–', '0.00 €']);
  });

  it('keeps the canvas out of the accessibility tree', () => {
    const { container } = render(<TimeChart label="Espectadores" unit="minute" x={x} series={[{ label: 'Espectadores', values: [3, 4, 5] }]} />);
    const plot = container.querySelector('.time-chart__plot');
    if (plot) expect(plot.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('figure', { name: 'Espectadores' })).toBeTruthy();
  });
});
