import { useAppSelector } from '../../platform/hooks';
import type { Member, Role } from '../../shared/schemas/members';
import { useForgetSignIn } from '../../platform/useForgetSignIn';
import type { useWriteAction } from '../../platform/messages/useWriteAction';
import { useChangeRoleMutation, useRemoveMemberMutation } from './membersApi';

const ROLE_CHANGES: Record<Role, { title: (name: string) => string; content: (name: string) => string }> = {
  owner: {
    title: (name) => `Make ${name} an owner?`,
    content: (name) => `${name} will be able to add and remove members and change their roles.`,
  },
  member: {
    title: (name) => `Make ${name} a member?`,
    content: (name) => `${name} will no longer be able to add or remove members or change roles.`,
  },
};

type Run = ReturnType<typeof useWriteAction>['run'];

/** What can be done to the household's people, each after asking: the owners' changes, and leaving. */
export function useMemberActions(run: Run) {
  const [removeMember] = useRemoveMemberMutation();
  const [changeRole] = useChangeRoleMutation();
  const householdName = useAppSelector((state) => state.auth.householdName);
  const forgetSignIn = useForgetSignIn();

  const remove = (member: Member) =>
    run({
      question: { title: 'Remove member?', content: `${member.name} will be signed out everywhere and can no longer sign in.` },
      write: () => removeMember(member.id).unwrap(),
      success: 'Member removed.',
      failure: 'Member not removed.',
    });

  const setRole = (member: Member, role: Role) => {
    const change = ROLE_CHANGES[role];
    return run({
      question: { title: change.title(member.name), content: change.content(member.name) },
      write: () => changeRole({ id: member.id, role }).unwrap(),
      success: 'Role changed.',
      failure: 'Role not changed.',
    });
  };

  const leave = async (you: Member) => {
    const left = await run({
      question: {
        title: 'Leave household?',
        content: `You will be signed out everywhere and can no longer sign in to ${householdName || 'this household'}. An owner can add you again.`,
      },
      write: () => removeMember(you.id).unwrap(),
      success: 'You left the household.',
      failure: 'You did not leave.',
    });
    // The server has ended every session of theirs, this one included.
    if (left) forgetSignIn();
  };

  return { remove, setRole, leave };
}
