import { useMutation } from '@tanstack/react-query';
import type { SessionUser, UpdateProfileBody } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

/** data is the updated user or { user } (see userFromData in lib/session). */
export const updateProfile = (body: UpdateProfileBody) =>
  api.put<ApiEnvelope<SessionUser | { user: SessionUser }>>('profile', body);

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
