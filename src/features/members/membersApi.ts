import { api } from '../../platform/api';
import type { AddedMember, AddMemberBody, ChangePasswordBody, ChangeRoleBody, DeviceSession, Member } from '../../shared/schemas/members';

/** Settings › Members: the household's people, one's own password and devices. */
const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMembers: build.query<Member[], void>({
      query: () => '/members',
      providesTags: ['Member'],
    }),
    addMember: build.mutation<AddedMember, AddMemberBody>({
      query: (body) => ({ url: '/members', method: 'POST', body }),
      invalidatesTags: ['Member'],
    }),
    removeMember: build.mutation<void, number>({
      query: (id) => ({ url: `/members/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Member'],
    }),
    changeRole: build.mutation<Member, { id: number } & ChangeRoleBody>({
      query: ({ id, role }) => ({ url: `/members/${id}`, method: 'PUT', body: { role } }),
      invalidatesTags: ['Member'],
    }),
    changeOwnPassword: build.mutation<void, ChangePasswordBody>({
      query: (body) => ({ url: '/account/password', method: 'PUT', body }),
      invalidatesTags: ['DeviceSession', 'Member'],
    }),
    getOwnSessions: build.query<DeviceSession[], void>({
      query: () => '/account/sessions',
      providesTags: ['DeviceSession'],
    }),
    endOwnSession: build.mutation<void, number>({
      query: (id) => ({ url: `/account/sessions/${id}`, method: 'DELETE' }),
      invalidatesTags: ['DeviceSession'],
    }),
  }),
});

export const {
  useGetMembersQuery,
  useAddMemberMutation,
  useRemoveMemberMutation,
  useChangeRoleMutation,
  useChangeOwnPasswordMutation,
  useGetOwnSessionsQuery,
  useEndOwnSessionMutation,
} = membersApi;
