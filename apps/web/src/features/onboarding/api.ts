/**
 * Onboarding calls: the wizard's draft (saved on the server step by step), documents, the SMS code of
 * step 1 (the accounts module's /api/auth/phone-number/*), the submission and the status card.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationDocumentKind,
  ApplicationDraft,
  AreaStep,
  AvailabilityStep,
  FinalDraft,
  MyApplication,
  MyApplicationResponse,
  PersonalStep,
  ServicesStep,
  SubmitApplicationRequest,
} from '@khedma/shared';
import { api } from '../../lib/api';
import { useSingleFlightMutation } from '../../lib/single-flight';
import { refreshSession } from '../../lib/session';

/** API paths of the professional's application (the applications module) and of step 1's phone check. */
export const onboardingApiPaths = {
  applications: '/api/applications',
  mine: '/api/applications/mine',
  draft: '/api/applications/draft',
  draftStep: (step: string) => `/api/applications/draft/${step}`,
  draftDocument: (kind: ApplicationDocumentKind) => `/api/applications/draft/documents/${kind}`,
  sendCode: '/api/auth/phone-number/send-otp',
  verifyCode: '/api/auth/phone-number/verify',
} as const;

export const onboardingKeys = {
  draft: ['applications', 'draft'] as const,
  mine: ['applications', 'mine'] as const,
};

export function useMyApplication(enabled = true) {
  return useQuery({
    queryKey: onboardingKeys.mine,
    queryFn: ({ signal }) => api.get<MyApplicationResponse>(onboardingApiPaths.mine, { signal }).then((r) => r.application),
    enabled,
  });
}

export function useDraft(enabled = true) {
  return useQuery({
    queryKey: onboardingKeys.draft,
    queryFn: ({ signal }) => api.get<ApplicationDraft>(onboardingApiPaths.draft, { signal }),
    enabled,
    // The draft is the server's: another device may have moved it on.
    refetchOnWindowFocus: false,
  });
}

type StepBodies = {
  personal: PersonalStep;
  area: Omit<AreaStep, 'country'> & { country?: string };
  services: ServicesStep;
  availability: AvailabilityStep;
  final: FinalDraft;
};

/** PUT /api/applications/draft/{step}: the answer is the whole draft, kept in the cache. */
export function useSaveStep<S extends keyof StepBodies>(step: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StepBodies[S]) => api.put<ApplicationDraft>(onboardingApiPaths.draftStep(step), body),
    onSuccess: (draft) => queryClient.setQueryData(onboardingKeys.draft, draft),
  });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: ApplicationDocumentKind; file: File }) => {
      const body = new FormData();
      body.append('file', file, file.name || kind);
      return api.post<ApplicationDraft>(onboardingApiPaths.draftDocument(kind), body);
    },
    onSuccess: (draft) => queryClient.setQueryData(onboardingKeys.draft, draft),
  });
}

export function useRemoveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: ApplicationDocumentKind) => api.delete<ApplicationDraft>(onboardingApiPaths.draftDocument(kind)),
    onSuccess: (draft) => queryClient.setQueryData(onboardingKeys.draft, draft),
  });
}

/** The owner's own copy of a draft document (same origin, through the session; never a public URL). */
export const draftDocumentUrl = onboardingApiPaths.draftDocument;

export function useSendCode() {
  return useMutation({
    mutationFn: (phoneNumber: string) => api.post<{ message: string }>(onboardingApiPaths.sendCode, { phoneNumber }),
  });
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { phoneNumber: string; code: string }) => api.post<unknown>(onboardingApiPaths.verifyCode, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.draft }),
  });
}

/** POST /api/applications, sent once however often Submit is pressed (lib/single-flight.ts). */
export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (body: SubmitApplicationRequest) => api.post<MyApplication>(onboardingApiPaths.applications, body),
      onSuccess: async (application) => {
        queryClient.setQueryData(onboardingKeys.mine, application);
        queryClient.removeQueries({ queryKey: onboardingKeys.draft });
        // The shell's view (the floating button, the header) learns of the application.
        await refreshSession(queryClient);
      },
    },
    () => 'application:submit',
  );
}
