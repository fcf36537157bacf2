// A destructive or money-moving admin action confirmed with the acting user's own password
// (spec §5, §6): the action's fields, the password ("Please enter your password"), Cancel and the
// action's button, disabled while the password is empty and spinning while the call runs.
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordConfirmBody } from '@vendport/shared';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useAppForm } from '@/lib/use-app-form';
import { Button } from './ui/button';
import { Modal } from './ui/modal';
import { TextInput } from './ui/text-input';

export type PasswordActionModalProps = {
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
};

/** The frame, for forms that own more fields than the password (register the password here). */
export function PasswordActionModal({
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
}: PasswordActionModalProps) {
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

export type PasswordConfirmModalProps = {
  open: boolean;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  pending: boolean;
  /** Called with the typed password once it is not empty; the caller runs the action. */
  onConfirm: (password: string) => void;
  onClose: () => void;
  /** What is being confirmed (a summary of the target). */
  children?: ReactNode;
};

/** A password-only confirmation. Each opening starts with an empty field. */
export function PasswordConfirmModal(props: PasswordConfirmModalProps) {
  return props.open ? <PasswordConfirmForm {...props} /> : null;
}

function PasswordConfirmForm({
  title,
  description,
  submitLabel,
  tone,
  pending,
  onConfirm,
  onClose,
  children,
}: PasswordConfirmModalProps) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(passwordConfirmBody),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });
  return (
    <PasswordActionModal
      open
      title={title}
      description={description}
      submitLabel={submitLabel}
      tone={tone}
      pending={pending}
      passwordEmpty={!watch('password')}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={handleSubmit(({ password }) => onConfirm(password))}
      onClose={onClose}
    >
      {children}
    </PasswordActionModal>
  );
}
