// Issue 53 point 1: a validation error on a field the user cannot see is a bug. Every form goes
// through useAppForm (the source walk below fails on a useForm anywhere else), and useAppForm
// shows a refused submit's reason when no field on screen shows it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppToaster as Toaster } from '@/components/ui/toaster';
import { errorList, UNSEEN_ERROR_LOG, useAppForm } from './use-app-form';

const src = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

afterEach(() => {
  toast.remove();
  vi.restoreAllMocks();
});

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  limit: z.string().min(1, 'Enter a limit'),
});

function TwoFields({ showLimit, onValid }: { showLimit: boolean; onValid: () => void }) {
  const { register, handleSubmit, formState } = useAppForm({
    resolver: zodResolver(schema),
    defaultValues: { name: '', limit: '' },
  });
  return (
    <form onSubmit={handleSubmit(onValid)} aria-label="Two fields">
      <input aria-label="Name" {...register('name')} />
      {formState.errors.name ? <p>{formState.errors.name.message}</p> : null}
      {showLimit ? <input aria-label="Limit" {...register('limit')} /> : null}
      <button type="submit">Send</button>
    </form>
  );
}

describe('forms', () => {
  it('[FORMS] every form of the web app is a useAppForm: no useForm of react-hook-form elsewhere', () => {
    const offenders = sources(src)
      .filter((f) => !f.endsWith(path.join('lib', 'use-app-form.ts')))
      .filter((f) => /\buseForm\b/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
  });

  it('[FORMS] a refused submit whose error sits on a field the user cannot see says why, as an error toast', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onValid = vi.fn();
    render(
      <>
        <Toaster />
        <TwoFields showLimit={false} onValid={onValid} />
      </>,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Kano Traders');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a limit')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(`${UNSEEN_ERROR_LOG}: limit: Enter a limit`);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('[FORMS] an error shown beside its field is not repeated as a toast', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <Toaster />
        <TwoFields showLimit={false} onValid={vi.fn()} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('Name is required')).toHaveLength(1);
    // The hidden limit's error is still reported; the name's is on screen.
    await screen.findByText('Enter a limit');
    expect(log.mock.calls.map((c) => String(c[0]))).toEqual([`${UNSEEN_ERROR_LOG}: limit: Enter a limit`]);
  });

  it('[FORMS] errors are listed with their paths, nested ones included', () => {
    expect(
      errorList({
        amount: { type: 'custom', message: 'Enter an amount' },
        rows: [{ phone: { type: 'custom', message: 'Enter a phone' } }],
        serviceIds: { root: { type: 'too_small', message: 'Choose a service' } },
      } as never),
    ).toEqual([
      { path: 'amount', message: 'Enter an amount' },
      { path: 'rows.0.phone', message: 'Enter a phone' },
      { path: 'serviceIds', message: 'Choose a service' },
    ]);
  });
});
