import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MailIcon } from './icons';
import { TextInput } from './text-input';

const field = (input: HTMLElement) => input.closest('[data-field]') as HTMLElement;

describe('TextInput', () => {
  it('[INPUT] shows the label and helper text, with autocomplete off', () => {
    render(<TextInput label="Email address" helperText="We never share it." />);
    const input = screen.getByLabelText('Email address');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByText('We never share it.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('We never share it.');
  });

  it('[INPUT] hides the error message and red border while the error flag is off', () => {
    render(<TextInput label="Email" errorMessage="Enter a valid email address" />);
    const input = screen.getByLabelText('Email');
    expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument();
    expect(field(input)).not.toHaveClass('border-red-500');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('[INPUT] shows the error message and red border when the error flag is set', () => {
    render(<TextInput label="Email" error errorMessage="Enter a valid email address" />);
    const input = screen.getByLabelText('Email');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(field(input)).toHaveClass('border-red-500');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('[INPUT] the phone variant has a fixed +234 prefix and the telephone type', async () => {
    render(<TextInput label="Phone number" variant="phone" />);
    const input = screen.getByLabelText('Phone number');
    expect(input).toHaveAttribute('type', 'tel');
    expect(screen.getByTestId('phone-prefix')).toHaveTextContent('+234');
    await userEvent.type(input, '8031234567');
    // The prefix is not part of what the user types.
    expect(input).toHaveValue('8031234567');
  });

  it('[INPUT] the password variant toggles between masked and visible', async () => {
    render(<TextInput label="Password" variant="password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('[INPUT] a read-only password has no show/hide toggle', () => {
    render(<TextInput label="Password" variant="password" readOnly defaultValue="secret-value" />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('button', { name: /password/i })).not.toBeInTheDocument();
  });

  it('[INPUT] renders an optional left icon', () => {
    const { rerender } = render(<TextInput label="Email" />);
    expect(screen.queryByTestId('text-input-left-icon')).not.toBeInTheDocument();
    rerender(<TextInput label="Email" leftIcon={<MailIcon />} />);
    expect(screen.getByTestId('text-input-left-icon').querySelector('svg')).not.toBeNull();
  });

  it('[INPUT] supports the required attribute', () => {
    render(<TextInput label="Company name" required />);
    expect(screen.getByLabelText(/Company name/)).toBeRequired();
  });

  it('[INPUT] forwards its ref and change events (react-hook-form register)', async () => {
    let node: HTMLInputElement | null = null;
    const seen: string[] = [];
    render(
      <TextInput
        label="Name"
        ref={(el) => {
          node = el;
        }}
        onChange={(e) => seen.push(e.target.value)}
      />,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    expect(node).toBe(screen.getByLabelText('Name'));
    expect(seen.at(-1)).toBe('Ada');
  });
});
