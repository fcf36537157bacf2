// GET evaluation/vending/{clientId}/count (how many vends and chunks a range holds) and its chunks
// (GET evaluation/vending/{clientId}?after=…), read one after another by the valuation run.
import type { ValuationChunkView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';

export type ValuationRange = { startDate: string; endDate: string; chunkSize: number };
export type ValuationCount = { clientName: string; count: number; chunks: number; chunkSize: number };

export const getValuationCount = (clientId: string, r: ValuationRange, signal?: AbortSignal) =>
  api.get<ApiSuccess<ValuationCount>>(`evaluation/vending/${encodeURIComponent(clientId)}/count`, {
    query: r,
    signal,
  });

export const getValuationChunk = (
  clientId: string,
  r: ValuationRange & { after?: string },
  signal?: AbortSignal,
) =>
  api.get<ApiSuccess<ValuationChunkView>>(`evaluation/vending/${encodeURIComponent(clientId)}`, {
    query: r,
    signal,
  });
