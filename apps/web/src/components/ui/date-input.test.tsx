import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput, isoToDisplay, parseDisplayDate } from './date-input';

function Harness({
  initial = '',
  min,
  onChange,
}: {
  initial?: string;
  min?: string;
  onChange: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      label="Start date"
      name="startDate"
      value={value}
      min={min}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('DateInput', () => {
  it('[DATE] reads DD/MM/YYYY (and a pasted ISO date); impossible dates are errors, not next month', () => {
    expect(parseDisplayDate('24/11/2026')).toEqual({ iso: '2026-11-24' });
    expect(parseDisplayDate('1/2/2026')).toEqual({ iso: '2026-02-01' });
    expect(parseDisplayDate('01.02.2026')).toEqual({ iso: '2026-02-01' });
    expect(parseDisplayDate('2026-11-24')).toEqual({ iso: '2026-11-24' });
    expect(parseDisplayDate('31/02/2026')).toEqual({ error: 'This date does not exist' });
    expect(parseDisplayDate('29/02/2024')).toEqual({ iso: '2024-02-29' });
    expect(parseDisplayDate('11/24')).toEqual({ error: 'Enter the date as DD/MM/YYYY' });
    expect(parseDisplayDate('  ')).toEqual({ empty: true });
    expect(isoToDisplay('2026-01-05')).toBe('05/01/2026');
    expect(isoToDisplay('nonsense')).toBe('');
  });

  it('[DATE] shows the value as DD/MM/YYYY and reports ISO once the date is whole', async () => {
    const onChange = vi.fn();
    render(<Harness initial="2026-03-04" onChange={onChange} />);
    const input = screen.getByLabelText('Start date');
    expect(input).toHaveValue('04/03/2026');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    await userEvent.type(input, '24/11/202');
    expect(onChange).toHaveBeenCalledTimes(1);
    await userEvent.type(input, '6');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('[DATE] a malformed or out-of-range date shows an error on leaving the field and changes nothing', async () => {
    const onChange = vi.fn();
    render(<Harness min="2026-01-10" onChange={onChange} />);
    const input = screen.getByLabelText('Start date');
    await userEvent.type(input, '31/02/2026');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('This date does not exist');
    await userEvent.clear(input);
    await userEvent.type(input, '05/01/2026');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Choose 10/01/2026 or later');
    await userEvent.clear(input);
    await userEvent.type(input, 'ab12');
    await userEvent.tab();
    expect(input).toHaveValue('12');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the date as DD/MM/YYYY');
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/\d/));
  });
});
