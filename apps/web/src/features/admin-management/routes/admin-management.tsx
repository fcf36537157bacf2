// admin-management in both areas: the team (platform staff for admins, the company's own users
// for a client) and its roles, as two tabs kept in the URL.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { MembersPanel } from '../components/members-panel';
import { RolesPanel } from '../components/roles-panel';
import { useTeamArea } from '../components/team-area';

type Tab = 'users' | 'roles';

export default function AdminManagementRoute() {
  const area = useTeamArea();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab =
    (params.get('tab') === 'roles' || !area.canReadMembers) && area.canReadRoles ? 'roles' : 'users';
  const [inviting, setInviting] = useState(false);
  return (
    <div>
      <PageHeader
        title="Admin Management"
        description={
          area.admin
            ? 'Platform staff and their roles: invite people, choose what each role may do, and activate, deactivate or remove access.'
            : 'Your team and their roles: invite colleagues, choose what each role may do, and activate, deactivate or remove access.'
        }
        actions={
          tab === 'users' && area.canManageMembers ? (
            <Button onClick={() => setInviting(true)}>Invite user</Button>
          ) : tab === 'roles' && area.canManageRoles ? (
            <Button onClick={() => navigate(area.createRolePath)}>Create role</Button>
          ) : undefined
        }
      />
      {area.canReadMembers && area.canReadRoles ? (
        <Tabs
          label="Admin management"
          items={[
            { value: 'users', label: 'Users' },
            { value: 'roles', label: 'Roles' },
          ]}
          value={tab}
          onChange={(next) => setParams(new URLSearchParams(next === 'roles' ? { tab: next } : {}))}
        />
      ) : null}
      <Card className="overflow-hidden">
        {tab === 'roles' ? (
          <RolesPanel />
        ) : (
          <MembersPanel inviting={inviting} onInviteClose={() => setInviting(false)} />
        )}
      </Card>
    </div>
  );
}
