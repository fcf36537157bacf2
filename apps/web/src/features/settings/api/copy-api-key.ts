import { useMutation } from '@tanstack/react-query';
import type { ApiKeyView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

export type KeyMode = 'LIVE' | 'TEST';

/** One full key, after my password (sent in the X-Confirm-Password header, never in the URL). */
export const copyApiKey = ({ mode, password }: { mode: KeyMode; password: string }) =>
  api.get<ApiEnvelope<ApiKeyView & { key: string }>>('api-key/copy', {
    query: { mode },
    headers: { 'X-Confirm-Password': password },
  });

export const useCopyApiKey = () => useMutation({ mutationFn: copyApiKey });
