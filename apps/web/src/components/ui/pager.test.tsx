import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pager, parseLimit, parsePage } from './pager';

function Probe() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

function renderAt(url: string, props: Partial<Parameters<typeof Pager>[0]> = {}) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Pager hasMorePages {...props} />
      <Probe />
    </MemoryRouter>,
  );
  return () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');
}

describe('Pager', () => {
  it('[PAGER] shows Page 1 and Show 40 by default', () => {
    renderAt('/list');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveValue('40');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Show 40',
      'Show 80',
      'Show 100',
    ]);
  });

  it('[PAGER] reads page and limit from the URL', () => {
    renderAt('/list?page=3&limit=80');
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveValue('80');
  });

  it('[PAGER] an unknown limit falls back to 40', () => {
    renderAt('/list?limit=55');
    expect(screen.getByRole('combobox')).toHaveValue('40');
    expect(parseLimit('1000')).toBe(40);
    expect(parseLimit(null)).toBe(40);
    expect(parseLimit('100')).toBe(100);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage('7')).toBe(7);
  });

  it('[PAGER] choosing a page size keeps it in the limit parameter and returns to page 1', async () => {
    const params = renderAt('/list?page=4&search=mtn');
    await userEvent.selectOptions(screen.getByRole('combobox'), 'Show 100');
    expect(params().get('limit')).toBe('100');
    expect(params().get('page')).toBe('1');
    expect(params().get('search')).toBe('mtn');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('[PAGER] Next and Previous move the page parameter', async () => {
    const params = renderAt('/list?limit=80');
    const prev = screen.getByRole('button', { name: 'Previous' });
    expect(prev).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(params().get('page')).toBe('2');
    expect(params().get('limit')).toBe('80');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(params().get('page')).toBe('1');
  });

  it('[PAGER] by cursor: Next and Previous put the cursor and page±1 in the URL; page 1 reads from the top', async () => {
    const params = renderAt('/list?page=2&cursor=c2&search=mtn', {
      nextCursor: 'c-next',
      prevCursor: 'c-prev',
      lastPage: 9,
    });
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByText('of 9')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(params().get('page')).toBe('3');
    expect(params().get('cursor')).toBe('c-next');
    expect(params().get('search')).toBe('mtn');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(params().get('page')).toBe('2');
    expect(params().get('cursor')).toBe('c-prev');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    // Page 1 is the top of the list, read fresh: no cursor.
    expect(params().get('page')).toBe('1');
    expect(params().has('cursor')).toBe(false);
  });

  it('[PAGER] a new page size drops the cursor and returns to page 1', async () => {
    const params = renderAt('/list?page=4&cursor=c4', { nextCursor: 'c5', prevCursor: 'c3' });
    await userEvent.selectOptions(screen.getByRole('combobox'), 'Show 80');
    expect(params().get('page')).toBe('1');
    expect(params().has('cursor')).toBe(false);
  });

  it('[PAGER] an estimated total reads "of about N"', () => {
    renderAt('/list?page=1', { lastPage: 25000, totalIsEstimate: true });
    expect(screen.getByText('of about 25000')).toBeInTheDocument();
  });

  it('[PAGER] Next is disabled on the last page', () => {
    renderAt('/list?page=5', { hasMorePages: false, lastPage: 5 });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('[PAGER] a fixed-size list hides the page-size select', () => {
    renderAt('/list', { showPageSize: false });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });
});
