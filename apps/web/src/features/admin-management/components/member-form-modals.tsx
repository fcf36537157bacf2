// Inviting a team member (name, email, phone, role: they get an email with a temporary password,
// choose their own at first sign-in, then set up two-factor sign-in like everyone) and editing one
// (name, phone, role). The role list is the caller's area's roles.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  msisdnSchema,
  type RoleView,
  type TeamMemberView,
  teamMemberCreateBody,
  teamMemberUpdateBody,
} from '@vendport/shared';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { useAppForm } from '@/lib/use-app-form';
import { useInviteMember, useUpdateMember } from '../api/member-mutations';
import { onEnvelope } from './on-envelope';

type Values = { first_name: string; last_name: string; email: string; msisdn: string; roleId: string };

const roleOptions = (roles: readonly RoleView[]) => roles.map((r) => ({ value: r.id, label: r.name }));
// The phone is optional: an empty field is "none", not an invalid number.
const phoneOrEmpty = z.union([z.literal(''), msisdnSchema]);
const inviteSchema = teamMemberCreateBody.extend({ msisdn: phoneOrEmpty });
const editSchema = teamMemberUpdateBody
  .omit({ id: true })
  .extend({ msisdn: phoneOrEmpty, email: z.string(), roleId: z.string() });
const optionalPhone = (v: string) => (v.trim() ? v : undefined);

function MemberFields({
  form,
  roles,
  withEmail,
  roleLocked,
}: {
  form: UseFormReturn<Values>;
  roles: readonly RoleView[];
  withEmail: boolean;
  roleLocked?: boolean;
}) {
  const e = form.formState.errors;
  const { register } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput
        label="First name"
        required
        error={!!e.first_name}
        errorMessage={e.first_name?.message}
        {...register('first_name')}
      />
      <TextInput
        label="Last name"
        required
        error={!!e.last_name}
        errorMessage={e.last_name?.message}
        {...register('last_name')}
      />
      {withEmail ? (
        <TextInput
          label="Email address"
          type="email"
          required
          error={!!e.email}
          errorMessage={e.email?.message}
          {...register('email')}
        />
      ) : null}
      <TextInput
        label="Phone number"
        variant="phone"
        placeholder="803 123 4567"
        error={!!e.msisdn}
        errorMessage={e.msisdn?.message}
        {...register('msisdn')}
      />
      <Select
        label="Role"
        required
        disabled={roleLocked}
        placeholderOption="Choose a role"
        options={roleOptions(roles)}
        error={!!e.roleId}
        errorMessage={e.roleId?.message}
        {...register('roleId')}
      />
    </div>
  );
}

export function InviteMemberModal({ roles, onClose }: { roles: readonly RoleView[]; onClose: () => void }) {
  const invite = useInviteMember();
  const form = useAppForm<Values>({
    resolver: zodResolver(inviteSchema, undefined, { raw: true }) as never,
    defaultValues: { first_name: '', last_name: '', email: '', msisdn: '', roleId: '' },
    mode: 'onTouched',
  });
  const submit = form.handleSubmit((v) =>
    invite.mutate(
      { ...v, msisdn: optionalPhone(v.msisdn) },
      onEnvelope(
        () => onClose(),
        (d) => `Invitation sent to ${d.email}`,
      ),
    ),
  );
  return (
    <Modal
      open
      onClose={onClose}
      title="Invite user"
      description="They receive an email with a temporary password, choose their own at first sign-in, then confirm sign-ins with an emailed code."
      size="lg"
      dismissible={!invite.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Invite user">
        <MemberFields form={form} roles={roles} withEmail />
        <div className="flex justify-end gap-3 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function EditMemberModal({
  member,
  roles,
  isSelf,
  onClose,
}: {
  member: TeamMemberView;
  roles: readonly RoleView[];
  isSelf: boolean;
  onClose: () => void;
}) {
  const update = useUpdateMember();
  const form = useAppForm<Values>({
    resolver: zodResolver(editSchema, undefined, { raw: true }) as never,
    defaultValues: {
      first_name: member.first_name,
      last_name: member.last_name,
      email: member.email,
      msisdn: member.msisdn?.replace(/^\+234/, '') ?? '',
      roleId: member.role?.id ?? '',
    },
    mode: 'onTouched',
  });
  const submit = form.handleSubmit((v) =>
    update.mutate(
      {
        id: member.id,
        first_name: v.first_name,
        last_name: v.last_name,
        msisdn: optionalPhone(v.msisdn),
        roleId: isSelf ? undefined : v.roleId || undefined,
      },
      onEnvelope(() => onClose()),
    ),
  );
  return (
    <Modal
      open
      onClose={onClose}
      title="Edit user"
      description={member.email}
      size="lg"
      dismissible={!update.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Edit user">
        <MemberFields form={form} roles={roles} withEmail={false} roleLocked={isSelf} />
        {isSelf ? <p className="text-xs text-slate-500">You cannot change your own role.</p> : null}
        <div className="flex justify-end gap-3 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}
