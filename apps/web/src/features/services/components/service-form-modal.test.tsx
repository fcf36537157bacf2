import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session';
import { makeService } from '../../../../test/catalogue-factories';
import { makeUser, stubFetch } from '../../../../test/factories';
import { ServiceFormModal } from './service-form-modal';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });

function renderForm(service: Parameters<typeof ServiceFormModal>[0]['service'], onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ServiceFormModal service={service} onClose={() => {}} onSaved={onSaved} />
      <AppToaster />
    </QueryClientProvider>,
  );
  return { onSaved };
}

const input = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);

beforeEach(() => {
  sessionStore.login(
    makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['services.manage'] }),
    'tok',
    false,
  );
});
afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('service form', () => {
  it('[SERVICES] refuses a missing or out-of-range commission and crossed bounds before any call', async () => {
    const stub = stubFetch([]);
    vi.stubGlobal('fetch', stub.fn);
    renderForm(null);
    const dialog = await screen.findByRole('dialog', { name: 'Add service' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(
      await within(dialog).findByText(
        'Commission must be a percentage between 0 and 50 with at most two decimals',
      ),
    ).toBeInTheDocument();

    await userEvent.type(input(dialog, /Commission/), '51');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(
      within(dialog).getByText('Commission must be a percentage between 0 and 50 with at most two decimals'),
    ).toBeInTheDocument();

    await userEvent.clear(input(dialog, /Commission/));
    await userEvent.type(input(dialog, /Commission/), '2.5');
    await userEvent.type(input(dialog, /Minimum amount/), '5000');
    await userEvent.type(input(dialog, /Maximum amount/), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(
      await within(dialog).findByText('Minimum amount must not exceed maximum amount'),
    ).toBeInTheDocument();
    expect(stub.calls).toHaveLength(0);
  });

  it('[SERVICES] adding sends the spec fields with the commission in percent; blank bounds are left to the API', async () => {
    const added = makeService({ id: 'svc-new', network: 'GLO', platform: 'VTU', commissionBps: 275 });
    const stub = stubFetch([
      { method: 'POST', path: '/api/v1/services/add', body: ok(added, 'Service added') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { onSaved } = renderForm(null);
    const dialog = await screen.findByRole('dialog', { name: 'Add service' });
    await userEvent.selectOptions(input(dialog, /Network/), 'GLO');
    await userEvent.selectOptions(input(dialog, /Platform/), 'VTU');
    await userEvent.type(input(dialog, /Commission/), '2.75');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Fall back to Aggregator API' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(await screen.findByText('Service added')).toBeInTheDocument();
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0]!.body).toEqual({
      network: 'GLO',
      service: 'AIRTIME',
      platform: 'VTU',
      commission: '2.75',
      fallbackPlatforms: ['AGGREGATOR'],
    });
    expect(onSaved).toHaveBeenCalledWith(added);
  });

  it('[SERVICES] editing PUTs services/update/{id} with {network, service, platform, commission} and the current bounds', async () => {
    const service = makeService({ id: 'svc-1' });
    const stub = stubFetch([
      {
        method: 'PUT',
        path: '/api/v1/services/update/svc-1',
        body: ok({ ...service, commissionBps: 250 }, 'Service updated'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { onSaved } = renderForm(service);
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' });
    expect(input(dialog, /Commission/)).toHaveValue('3.00');
    expect(input(dialog, /Minimum amount/)).toHaveValue('50.00');
    expect(within(dialog).getByRole('checkbox', { name: 'Fall back to VTU lines' })).toBeChecked();
    await userEvent.clear(input(dialog, /Commission/));
    await userEvent.type(input(dialog, /Commission/), '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Service updated')).toBeInTheDocument();
    const call = stub.calls[0]!;
    expect(call.method).toBe('PUT');
    expect(call.body).toMatchObject({
      network: 'MTN',
      service: 'AIRTIME',
      platform: 'AGGREGATOR',
      commission: '2.50',
    });
    expect(call.body).toEqual({
      network: 'MTN',
      service: 'AIRTIME',
      platform: 'AGGREGATOR',
      commission: '2.50',
      fallbackPlatforms: ['VTU'],
      minAmount: '50.00',
      maxAmount: '50000.00',
    });
    expect(onSaved).toHaveBeenCalled();
  });

  it('[SERVICES] switching the platform drops it from the fallbacks', async () => {
    const stub = stubFetch([
      { method: 'PUT', path: '/api/v1/services/update/svc-1', body: ok(makeService(), 'Service updated') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderForm(makeService({ id: 'svc-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' });
    await userEvent.selectOptions(input(dialog, /Platform/), 'VTU');
    expect(
      within(dialog).queryByRole('checkbox', { name: 'Fall back to VTU lines' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Fall back to Aggregator API' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Service updated');
    expect(stub.calls[0]!.body).toMatchObject({ platform: 'VTU', fallbackPlatforms: [] });
  });

  it('[SERVICES] a refused save shows each error as a toast and keeps the form open', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        {
          method: 'POST',
          path: '/api/v1/services/add',
          status: 409,
          body: {
            success: false,
            message: 'MTN airtime on AGGREGATOR already exists',
            errors: [],
            code: 'CONFLICT',
          },
        },
      ]).fn,
    );
    const { onSaved } = renderForm(null);
    const dialog = await screen.findByRole('dialog', { name: 'Add service' });
    await userEvent.type(input(dialog, /Commission/), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(await screen.findByText('MTN airtime on AGGREGATOR already exists')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add service' })).toBeInTheDocument();
  });
});
