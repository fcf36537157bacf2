import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatementView } from '@vendport/shared';
import { type ApiEnvelope, api, apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { settingsKeys } from './query-keys';

/** A statement made now for past Lagos days. */
export const createStatement = (range: { startDate: string; endDate: string }) =>
  api.post<ApiEnvelope<StatementView>>('reconciliation/statements', range);

export function useCreateStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStatement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...settingsKeys.all, 'statements'] }),
  });
}

/** Saves one statement as a file: its CSV, or its PDF. */
export async function downloadStatement(s: Pick<StatementView, 'id' | 'code'>, as: 'csv' | 'pdf' = 'csv') {
  const file = await apiDownload(`reconciliation/statements/${s.id}/${as === 'pdf' ? 'pdf' : 'download'}`);
  saveBlob(file.blob, file.filename ?? `statement-${s.code}.${as}`);
}
