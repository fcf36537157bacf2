// The new password and its confirmation, as every form that sets a password asks for them (reset
// with a code, forced change of a temporary password, change from the profile).
import { PASSWORD_MIN_LENGTH } from '@vendport/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextInput } from '@/components/ui/text-input';

type FieldError = { message?: string } | undefined;

export function NewPasswordFields({
  newPassword,
  confirmPassword,
  errors,
}: {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { new_password?: FieldError; confirm_password?: FieldError };
}) {
  return (
    <>
      <TextInput
        label="New password"
        variant="password"
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords.`}
        required
        error={!!errors.new_password}
        errorMessage={errors.new_password?.message}
        {...newPassword}
      />
      <TextInput
        label="Confirm new password"
        variant="password"
        required
        error={!!errors.confirm_password}
        errorMessage={errors.confirm_password?.message}
        {...confirmPassword}
      />
    </>
  );
}
