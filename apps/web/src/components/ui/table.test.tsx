import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenWidth } from '../../../test/factories';
import { type Column, DEFAULT_CARD_FIELDS, Table } from './table';

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

type Vend = { id: string; date: string; ref: string; phone: string; amount: string; status: string };
const vendColumns: Column<Vend>[] = [
  { key: 'date', header: 'Date', card: 'main', cell: (r) => r.date },
  { key: 'ref', header: 'Reference', cell: (r) => r.ref },
  { key: 'phone', header: 'Phone', card: 'main', cell: (r) => r.phone },
  { key: 'amount', header: 'Amount', align: 'right', card: 'main', cell: (r) => r.amount },
  { key: 'status', header: 'Status', card: 'main', cell: (r) => r.status },
  {
    key: 'act',
    header: <span className="sr-only">Action</span>,
    card: 'action',
    cell: (r) => <button type="button">Open {r.ref}</button>,
  },
];
const vends: Vend[] = [
  {
    id: 'v1',
    date: '05/01/2026',
    ref: 'VND-001',
    phone: '0803 123 4567',
    amount: '₦1,000.00',
    status: 'Successful',
  },
  {
    id: 'v2',
    date: '06/01/2026',
    ref: 'VND-002',
    phone: '0805 765 4321',
    amount: '₦500.00',
    status: 'Failed',
  },
];

describe('Table on a phone', () => {
  it('[TABLE] at 390 px each row is a card with the main columns; the rest opens with a tap; actions stay at hand', async () => {
    screenWidth(390);
    const opened: string[] = [];
    render(
      <Table
        caption="Vending transactions"
        columns={vendColumns}
        rows={vends}
        rowKey={(r) => r.id}
        onRowClick={(r) => opened.push(r.id)}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Vending transactions' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    for (const text of [
      '05/01/2026',
      '0803 123 4567',
      '₦1,000.00',
      'Successful',
      'Date',
      'Amount',
      'Status',
      'Phone',
    ])
      expect(first.getByText(text)).toBeInTheDocument();
    // The reference waits behind "More details"; the action does not.
    expect(first.queryByText('VND-001')).not.toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Open VND-001' })).toBeInTheDocument();
    const more = first.getByRole('button', { name: 'More details' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(first.getByText('VND-001')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Fewer details' })).toHaveAttribute('aria-expanded', 'true');
    // Only that card opened.
    expect(within(cards[1]!).queryByText('VND-002')).not.toBeInTheDocument();
    expect(opened).toEqual([]);
    await userEvent.click(first.getByText('₦1,000.00'));
    expect(opened).toEqual(['v1']);
  });

  it('[TABLE] on a wide screen it stays a table', () => {
    screenWidth(1366);
    render(<Table caption="Vending transactions" columns={vendColumns} rows={vends} rowKey={(r) => r.id} />);
    expect(screen.getByRole('table', { name: 'Vending transactions' })).toBeInTheDocument();
  });

  it('[TABLE] at 390 px a table without columns marked for cards is cards too, its first four columns on each', () => {
    screenWidth(390);
    render(<Table caption="Clients" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Clients' })).getAllByRole('listitem');
    expect(cards).toHaveLength(rows.length);
    const shown = columns.slice(0, DEFAULT_CARD_FIELDS).map((c) => c.key);
    expect(
      Array.from(cards[0]!.querySelectorAll('[data-card-field]')).map((f) =>
        f.getAttribute('data-card-field'),
      ),
    ).toEqual(shown);
  });

  it('[TABLE] cards keep the loading and empty states; the layout prop forces cards', () => {
    const { rerender } = render(
      <Table layout="cards" caption="Vends" columns={vendColumns} rows={[]} rowKey={(r) => r.id} loading />,
    );
    expect(screen.getByTestId('table-cards-loading')).toBeInTheDocument();
    rerender(
      <Table
        layout="cards"
        caption="Vends"
        columns={vendColumns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyText="No vends yet"
      />,
    );
    expect(screen.getByText('No vends yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
