/** Profile calls (docs/accounts.md): PATCH /api/profile, POST /api/profile/avatar, the notification choices. Cities come from the catalogue entity. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NotificationPreferencesResponse, UpdateNotificationPreferencesRequest } from '@khedma/shared/schemas/notifications';
import type { Profile, UpdateProfileRequest } from '@khedma/shared/schemas/profile';
import { api, ApiError, CLIENT_ERROR_CODES, toApiError } from '../../lib/api';
import { setCachedProfile } from '../../lib/session';
import type { AccountEmail, AddEmailResponse } from '@khedma/shared/schemas/account-email';
import { accountEmailKeys } from '../../entities/account/api';

/** PATCH /api/profile; the cached session (header name and avatar) follows at once. */
/** API paths of one's profile (the profile module) and of the account's email (the auth module). */
export const profileApiPaths = {
  profile: '/api/profile',
  avatar: '/api/profile/avatar',
  notifications: '/api/profile/notifications',
  email: '/api/accounts/email',
} as const;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProfileRequest) => api.patch<Profile>(profileApiPaths.profile, changes),
    onSuccess: (profile) => setCachedProfile(queryClient, profile),
  });
}

/**
 * POST /api/profile/avatar as multipart, through XMLHttpRequest: fetch cannot report upload
 * progress, and on a slow 4G connection a 5 MB photo takes a while.
 */
function postAvatar(file: File, onProgress: (fraction: number) => void): Promise<Profile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', profileApiPaths.avatar);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && payload && typeof payload === 'object') resolve(payload as Profile);
      else reject(toApiError(xhr.status, xhr.statusText, payload, new Headers({ 'retry-after': xhr.getResponseHeader('retry-after') ?? '' })));
    };
    xhr.onerror = () => reject(new ApiError(0, CLIENT_ERROR_CODES.NETWORK, 'Network error'));
    const body = new FormData();
    body.append('file', file, file.name || 'avatar');
    xhr.send(body);
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return postAvatar(file, setProgress);
    },
    onSuccess: (profile) => setCachedProfile(queryClient, profile),
  });
  return { ...mutation, progress };
}

export const notificationKeys = { preferences: ['profile', 'notifications'] as const };

/** GET /api/profile/notifications: the account's choice per channel (docs/chat.md#notification-preferences). */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => api.get<NotificationPreferencesResponse>(profileApiPaths.notifications, { signal }),
  });
}

/** PUT /api/profile/notifications with the channels that change; the switches follow at once. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateNotificationPreferencesRequest) => api.put<NotificationPreferencesResponse>(profileApiPaths.notifications, changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences });
      const before = queryClient.getQueryData<NotificationPreferencesResponse>(notificationKeys.preferences);
      if (before) queryClient.setQueryData(notificationKeys.preferences, { ...before, ...changes });
      return { before };
    },
    onError: (_error, _changes, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.preferences, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
}

/** GET /api/accounts/email: the account's real email, the address waiting for confirmation, whether one may be added (issue 42). */
export function useAccountEmail(enabled = true) {
  return useQuery({ queryKey: accountEmailKeys.email, queryFn: () => api.get<AccountEmail>(profileApiPaths.email), enabled });
}

/** POST /api/accounts/email: a confirmation link to this address (again: a new link, the older dies). */
export function useAddEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<AddEmailResponse>(profileApiPaths.email, { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountEmailKeys.email }),
  });
}
