import { render, screen, within } from '@testing-library/react';
import type { VendEventView } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { groupRepeats, VendTimeline } from './vend-timeline';

const ev = (type: string, createdAt: string, more: Partial<VendEventView> = {}): VendEventView => ({
  type,
  status: null,
  provider: 'AGGREGATOR',
  outcome: null,
  message: null,
  createdAt,
  ...more,
});

const pendingCheck = (at: string) =>
  ev('REQUERY', at, { outcome: 'PENDING', message: 'Still processing at the network' });

describe('VendTimeline', () => {
  it('[VENDING] repeated identical status checks read as one line with a count; providers read as words', () => {
    const events = [
      ev('CREATED', '2026-11-24T09:00:00.000Z', { status: 'PENDING', message: 'Vend of ₦500.00' }),
      ev('PROVIDER_CALL', '2026-11-24T09:00:01.000Z', { outcome: 'PENDING' }),
      pendingCheck('2026-11-24T09:00:31.000Z'),
      pendingCheck('2026-11-24T09:01:31.000Z'),
      pendingCheck('2026-11-24T09:03:31.000Z'),
      ev('REQUERY', '2026-11-24T09:08:31.000Z', { outcome: 'SUCCESS', message: 'Delivered' }),
      ev('STATUS', '2026-11-24T09:08:31.000Z', { status: 'SUCCESSFUL', message: 'Delivered' }),
    ];
    expect(groupRepeats(events).map((e) => [e.type, e.repeats])).toEqual([
      ['CREATED', 1],
      ['PROVIDER_CALL', 1],
      ['REQUERY', 3],
      ['REQUERY', 1],
      ['STATUS', 1],
    ]);
    render(<VendTimeline events={events} />);
    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByTestId('timeline-event');
    expect(items).toHaveLength(5);
    expect(items[2]).toHaveTextContent(
      /Status check with the provider ?× 3 \(last Nov 24, \d{1,2}:03 (AM|PM)\)/,
    );
    expect(items[0]).toHaveTextContent('via Aggregator API');
    expect(screen.queryByText(/via AGGREGATOR/)).not.toBeInTheDocument();
  });

  it('[VTPASS] a route step through an upstream provider reads as the platform and the provider', () => {
    render(
      <VendTimeline
        events={[
          ev('CREATED', '2026-11-24T09:00:00.000Z', { status: 'PENDING', provider: 'VTPASS' }),
          ev('PROVIDER_CALL', '2026-11-24T09:00:01.000Z', {
            outcome: 'PENDING',
            provider: 'AGGREGATOR:VTPASS',
          }),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByTestId('timeline-event');
    expect(items[0]).toHaveTextContent('via VTpass');
    expect(items[1]).toHaveTextContent('via Aggregator API · VTpass');
    expect(screen.queryByText(/VTPASS/)).not.toBeInTheDocument();
  });
});
