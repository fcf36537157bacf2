// The frame of a password-confirmed admin action on a client: the form's fields, the password,
// Cancel and the action's button (disabled while the password is empty, spinning while it runs).
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextInput } from '@/components/ui/text-input';

export function ActionModal({
  open,
  title,
  description,
  submitLabel,
  tone = 'primary',
  pending,
  passwordEmpty,
  password,
  passwordError,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  pending: boolean;
  passwordEmpty: boolean;
  password: UseFormRegisterReturn;
  passwordError: FieldError | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} description={description} dismissible={!pending}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
        {children}
        <TextInput
          label="Password"
          variant="password"
          placeholder="Enter your password"
          helperText="Your own password, to confirm this action."
          required
          error={!!passwordError}
          errorMessage={passwordError?.message}
          {...password}
        />
        <div className="flex justify-end gap-3 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant={tone} loading={pending} disabled={passwordEmpty}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** What the action did, for the success modal that follows. */
export type ActionDone = { title: string; message: string };
