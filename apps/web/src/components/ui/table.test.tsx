import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Column, Table } from './table';

type Row = { id: string; name: string; amount: string };

const columns: Column<Row>[] = [
  { key: 'name', header: 'Client', wrap: true, cell: (r) => r.name },
  { key: 'plan', header: 'Plan', wrap: { min: '7rem', max: '11rem' }, cell: () => 'MTN 1.5GB monthly' },
  { key: 'amount', header: 'Amount', align: 'right', cell: (r) => r.amount },
];
const rows: Row[] = [
  { id: '1', name: 'Adebayo Telecoms & Logistics Distribution Services Limited', amount: '₦75,000.00' },
];

/** Gives the scroll box the sizes a browser would lay out, then lets it notice (a scroll event). */
function layOut(box: HTMLElement, sizes: { clientWidth: number; scrollWidth: number; scrollLeft: number }) {
  for (const [k, v] of Object.entries(sizes)) Object.defineProperty(box, k, { configurable: true, value: v });
  act(() => {
    fireEvent.scroll(box);
  });
}

describe('Table', () => {
  it('[TABLE] a wrap column wraps its text within its widths; other cells stay on one line', () => {
    render(<Table caption="Clients" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const [nameCell, planCell, amountCell] = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');

    expect(nameCell).toHaveClass('whitespace-normal');
    const name = within(nameCell!).getByText(rows[0]!.name);
    expect([name.style.minWidth, name.style.maxWidth]).toEqual(['10rem', '18rem']);
    expect(name).toHaveClass('break-words');

    const plan = within(planCell!).getByText('MTN 1.5GB monthly');
    expect([plan.style.minWidth, plan.style.maxWidth]).toEqual(['7rem', '11rem']);

    expect(amountCell).toHaveClass('whitespace-nowrap');
    expect(amountCell).toHaveTextContent('₦75,000.00');
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveClass('whitespace-nowrap');
  });

  it('[TABLE] a table wider than its box shows a scroll cue on the side with more, and can be scrolled from the keyboard', () => {
    render(<Table caption="Clients" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const box = screen.getByTestId('table-scroll');
    expect(screen.queryByTestId('table-scroll-cue-right')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('tabindex');

    layOut(box, { clientWidth: 360, scrollWidth: 900, scrollLeft: 0 });
    expect(screen.getByTestId('table-scroll-cue-right')).toBeInTheDocument();
    expect(screen.queryByTestId('table-scroll-cue-left')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Clients, scrolls sideways' })).toHaveAttribute(
      'tabindex',
      '0',
    );

    layOut(box, { clientWidth: 360, scrollWidth: 900, scrollLeft: 540 });
    expect(screen.queryByTestId('table-scroll-cue-right')).not.toBeInTheDocument();
    expect(screen.getByTestId('table-scroll-cue-left')).toBeInTheDocument();

    layOut(box, { clientWidth: 900, scrollWidth: 900, scrollLeft: 0 });
    expect(screen.queryByTestId('table-scroll-cue-right')).not.toBeInTheDocument();
    expect(screen.queryByTestId('table-scroll-cue-left')).not.toBeInTheDocument();
  });

  it('[TABLE] the empty message keeps to the visible width of a table that scrolls', () => {
    render(
      <Table
        caption="Purchases"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyText="No purchases yet. Your airtime and data purchases will show here."
      />,
    );
    layOut(screen.getByTestId('table-scroll'), { clientWidth: 342, scrollWidth: 640, scrollLeft: 0 });
    const message = screen.getByText('No purchases yet. Your airtime and data purchases will show here.');
    expect(message).toHaveClass('sticky', 'left-0', 'text-center');
    expect(message).toHaveStyle({ width: '342px' });
    expect(message.closest('td')).toHaveAttribute('colspan', '3');
  });
});
