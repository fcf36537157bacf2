import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FilterBar, type FilterField } from './filter-bar';

const fields: FilterField[] = [
  { kind: 'search', name: 'actor', label: 'Actor' },
  {
    kind: 'select',
    name: 'targetType',
    label: 'Target type',
    allLabel: 'All targets',
    options: [
      { value: 'role', label: 'Role' },
      { value: 'user', label: 'User' },
    ],
  },
];

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/', element: <FilterBar fields={fields} /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('FilterBar', () => {
  it('[FILTERS] Clear filters then an immediate select change keeps the clearing (no stale filter, page or cursor comes back)', async () => {
    const router = renderAt('/?actor=bisi&targetType=user&page=3&cursor=abc');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      fireEvent.change(screen.getByLabelText('Target type'), { target: { value: 'role' } });
    });
    expect(router.state.location.search).toBe('?targetType=role');
  });

  it('[FILTERS] emptying the search and pressing Enter removes that filter, and a change returns to page 1', async () => {
    const router = renderAt('/?actor=bisi&page=2');
    const input = screen.getByLabelText('Actor');
    fireEvent.change(input, { target: { value: '' } });
    act(() => {
      fireEvent.submit(input.closest('form')!);
    });
    expect(router.state.location.search).toBe('');
  });
});
