// Switch a client between Prepaid, Postpaid and Postpaid Plus, password-confirmed. The balance
// never changes; the floor the wallet may reach does.
import { zodResolver } from '@hookform/resolvers/zod';
import { type ClientType, type CorporateClientDetailView, switchClientTypeBody } from '@vendport/shared';

import { PasswordActionModal } from '@/components/password-action-modal';
import { Select } from '@/components/ui/select';
import { CLIENT_TYPE_OPTIONS, clientTypeLabel } from '@/lib/labels';
import { useAppForm } from '@/lib/use-app-form';
import { useSwitchClientType } from '../api/switch-client-type';
import { type ActionDone, actionCallbacks } from './action-done';

const schema = switchClientTypeBody.omit({ corporateId: true });

export function SwitchTypeModal({
  client,
  onClose,
  onDone,
}: {
  client: CorporateClientDetailView;
  onClose: () => void;
  onDone: (done: ActionDone) => void;
}) {
  const switchType = useSwitchClientType();
  const options = CLIENT_TYPE_OPTIONS.filter((o) => o.value !== client.clientType);
  const initial = { clientType: (options[0]?.value ?? 'PREPAID') as ClientType, password: '' };
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(schema), defaultValues: initial, mode: 'onTouched' });

  const onSubmit = handleSubmit((v) => {
    switchType.mutate(
      { corporateId: client.id, clientType: v.clientType, password: v.password },
      actionCallbacks('The client type could not be switched.', (data) => {
        onDone({
          title: 'Client type switched',
          message: `${client.name} is now a ${clientTypeLabel(data.clientType)} client. The wallet balance is unchanged.`,
        });
      }),
    );
  });

  return (
    <PasswordActionModal
      open
      title="Switch client type"
      description={`${client.name} is ${clientTypeLabel(client.clientType)}. Switching never changes the balance; it changes how low the wallet may go.`}
      submitLabel="Switch type"
      pending={switchType.isPending}
      passwordEmpty={!watch('password')}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Select
        label="New client type"
        options={options}
        required
        error={!!errors.clientType}
        errorMessage={errors.clientType?.message}
        {...register('clientType')}
      />
    </PasswordActionModal>
  );
}
