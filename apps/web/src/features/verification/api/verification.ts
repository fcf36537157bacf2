// The client's verification calls (spec §7 Verification): its details and documents, uploading
// (multipart: each file's type in `kinds` and the files in `documents`), changing a document's
// type, deleting a document, requesting a review.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentKind, VerificationDetailsView, VerificationDocumentView } from '@vendport/shared';
import { type ApiEnvelope, type ApiSuccess, api } from '@/lib/api-client';

export const verificationKeys = {
  all: ['verification'] as const,
  details: (corporateId: string) => [...verificationKeys.all, 'details', corporateId] as const,
};

export const verificationQueryOptions = (corporateId: string) =>
  queryOptions({
    queryKey: verificationKeys.details(corporateId),
    queryFn: ({ signal }) =>
      api.get<ApiSuccess<VerificationDetailsView>>(
        `verification-details/${encodeURIComponent(corporateId)}`,
        {
          signal,
        },
      ),
    select: (res) => res.data,
  });

export const useVerification = (corporateId: string) => useQuery(verificationQueryOptions(corporateId));

function useVerificationMutation<B, T>(call: (body: B) => Promise<ApiEnvelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}

/** Each file with its own type: `kinds` repeated in the files' order. */
export const useUploadDocuments = () =>
  useVerificationMutation((files: { file: File; kind: DocumentKind }[]) => {
    const form = new FormData();
    for (const f of files) form.append('kinds', f.kind);
    for (const f of files) form.append('documents', f.file, f.file.name);
    return api.post<ApiEnvelope<VerificationDocumentView[]>>('upload-documents', form);
  });

export const useChangeDocumentKind = () =>
  useVerificationMutation((body: { documentId: string; kind: DocumentKind }) =>
    api.post<ApiEnvelope<VerificationDocumentView>>('update-document-kind', body),
  );

export const useDeleteDocument = () =>
  useVerificationMutation((documentId: string) =>
    api.post<ApiEnvelope<null>>('delete-document', { documentId }),
  );

export const useRequestVerification = () =>
  useVerificationMutation(() => api.post<ApiEnvelope<VerificationDetailsView>>('request-verification'));
