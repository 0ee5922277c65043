import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { apiErrorText } from '../../platform/apiErrors';
import { LoadError } from '../../components/LoadError';
import { PageTitle } from '../../components/PageTitle';
import type { AddedMember, DeviceSession, Member } from '../../shared/schemas/members';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { AddMemberDialog } from './AddMemberDialog';
import { useEndOwnSessionMutation, useGetMembersQuery, useGetOwnSessionsQuery } from './membersApi';
import { OwnPasswordForm } from './OwnPasswordForm';
import { useMemberActions } from './useMemberActions';
import './members.css';

/** A timestamp in the person's own clock: "Nov 25, 2026, 16:40". */
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { month: 'short', day: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }) : 'Never';

const ROLE_NAMES = { owner: 'Owner', member: 'Member' } as const;

/**
 * Settings › Members: who shares this budget and their roles; owners add and remove people and change roles,
 * anyone can leave; one's own password and devices.
 */
export default function MembersPage() {
  const members = useGetMembersQuery();
  const sessions = useGetOwnSessionsQuery();
  const [endSession] = useEndOwnSessionMutation();
  const { run, refusalAlert } = useWriteAction({ refusalsOnPage: true });
  const memberActions = useMemberActions(run);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<AddedMember | null>(null);
  const you = members.data?.find((member) => member.is_you);
  // The server refuses the rest anyway; these only stop offering what would be refused.
  const isOwner = you?.role === 'owner';

  const end = (session: DeviceSession) =>
    run({
      question: { title: 'Sign out this device?', content: `${session.device} will need to sign in again.` },
      write: () => endSession(session.id).unwrap(),
      success: 'Device signed out.',
      failure: 'Device not signed out.',
    });

  return (
    <section aria-label="Members" className="ec-members">
      <PageTitle title="Members" />
      <Space>
        {isOwner && (
          <Button type="primary" onClick={() => setAdding(true)}>
            Add Member
          </Button>
        )}
        {you && (
          <Button danger onClick={() => void memberActions.leave(you)}>
            Leave household
          </Button>
        )}
      </Space>
      {added && (
        <Alert
          type="success"
          showIcon
          closable
          role="status"
          onClose={() => setAdded(null)}
          title={`${added.member.name} can sign in with ${added.member.email} and this temporary password:`}
          description={
            <>
              <Typography.Text code copyable className="ec-members__temporary" aria-label="Temporary password">
                {added.temporary_password}
              </Typography.Text>
              <div>It is shown only this once. {added.member.name} chooses their own password at first sign-in.</div>
            </>
          }
        />
      )}
      {refusalAlert}
      {members.isError ? (
        <LoadError message={apiErrorText(members.error)} onRetry={members.refetch} />
      ) : (
        <Table<Member>
          rowKey="id"
          size="small"
          loading={members.isLoading}
          dataSource={members.data}
          pagination={false}
          aria-label="Household members"
          columns={[
            {
              title: 'Name',
              dataIndex: 'name',
              render: (name: string, member) => (
                <>
                  {name} {member.is_you && <Tag>You</Tag>}
                  {member.must_change_password && <Tag color="orange">Temporary password</Tag>}
                </>
              ),
            },
            { title: 'Email', dataIndex: 'email', responsive: ['sm'] },
            { title: 'Role', dataIndex: 'role', render: (role: Member['role']) => ROLE_NAMES[role] },
            { title: 'Last sign-in', dataIndex: 'last_sign_in_at', render: (value: string | null) => when(value) },
            {
              title: 'Actions',
              key: 'actions',
              width: 1,
              render: (_value, member) =>
                isOwner &&
                !member.is_you && (
                  <Space size="small">
                    {member.role === 'owner' ? (
                      <Button size="small" aria-label={`Make ${member.name} a member`} onClick={() => void memberActions.setRole(member, 'member')}>
                        Make member
                      </Button>
                    ) : (
                      <Button size="small" aria-label={`Make ${member.name} an owner`} onClick={() => void memberActions.setRole(member, 'owner')}>
                        Make owner
                      </Button>
                    )}
                    <Button size="small" danger aria-label={`Remove ${member.name}`} onClick={() => void memberActions.remove(member)}>
                      Remove
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      )}

      <h2 className="ec-members__heading">Your password</h2>
      <OwnPasswordForm />

      <h2 className="ec-members__heading">Your devices</h2>
      {sessions.isError ? (
        <LoadError message={apiErrorText(sessions.error)} onRetry={sessions.refetch} />
      ) : (
        <Table<DeviceSession>
          rowKey="id"
          size="small"
          loading={sessions.isLoading}
          dataSource={sessions.data}
          pagination={false}
          aria-label="Your devices"
          columns={[
            { title: 'Device', dataIndex: 'device', render: (device: string, session) => (session.current ? <>{device} <Tag>This device</Tag></> : device) },
            { title: 'Signed in', dataIndex: 'signed_in_at', render: when, responsive: ['sm'] },
            { title: 'Last used', dataIndex: 'last_used_at', render: when },
            {
              title: 'Actions',
              key: 'actions',
              width: 1,
              render: (_value, session) =>
                !session.current && (
                  <Button size="small" aria-label={`Sign out ${session.device}`} onClick={() => void end(session)}>
                    Sign out
                  </Button>
                ),
            },
          ]}
        />
      )}
      <AddMemberDialog
        open={adding}
        onCancel={() => setAdding(false)}
        onAdded={(member) => {
          setAdding(false);
          setAdded(member);
        }}
      />
    </section>
  );
}
