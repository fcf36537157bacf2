// Create and edit a role: a name, an optional description and the permissions it grants, picked
// from the catalogue of the caller's area grouped by domain. Checked again by the API (the
// shared roleBody), which also refuses permissions of the other area or ones the editor lacks.
import { zodResolver } from '@hookform/resolvers/zod';
import { roleBody } from '@vendport/shared';
import { Controller } from 'react-hook-form';
import { LoadingCard } from '@/components/detail-page';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextInput } from '@/components/ui/text-input';
import { Textarea } from '@/components/ui/textarea';
import { useAppForm } from '@/lib/use-app-form';
import { usePermissionCatalogue } from '../api/get-permissions';
import type { RoleBody } from '../api/role-mutations';
import { PermissionPicker } from './permission-picker';

export function RoleForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: RoleBody;
  submitLabel: string;
  pending: boolean;
  onSubmit: (v: RoleBody) => void;
  onCancel: () => void;
}) {
  const catalogue = usePermissionCatalogue();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useAppForm<RoleBody>({
    resolver: zodResolver(roleBody) as never,
    defaultValues: initial,
    mode: 'onTouched',
  });

  if (catalogue.isPending) return <LoadingCard label="Loading permissions" />;
  if (catalogue.isError)
    return <QueryError title="The permissions could not be loaded." onRetry={() => catalogue.refetch()} />;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Role" className="space-y-6">
      <Card className="space-y-4 p-5">
        <TextInput
          label="Role name"
          required
          placeholder="e.g. Finance"
          error={!!errors.name}
          errorMessage={errors.name?.message}
          {...register('name')}
        />
        <Textarea
          label="Description"
          rows={2}
          placeholder="What people with this role do"
          error={!!errors.description}
          errorMessage={errors.description?.message}
          {...register('description')}
        />
      </Card>
      <section aria-labelledby="role-permissions">
        <h2 id="role-permissions" className="mb-1 text-base font-semibold text-slate-900">
          Permissions
        </h2>
        <p className="mb-3 text-sm text-slate-500">
          People with this role can do exactly what is ticked. Changes apply on their next action.
        </p>
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <PermissionPicker catalogue={catalogue.data} value={field.value} onChange={field.onChange} />
          )}
        />
        {errors.permissions ? (
          <p className="mt-2 text-sm text-red-600" role="alert">
            {errors.permissions.message}
          </p>
        ) : null}
      </section>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
