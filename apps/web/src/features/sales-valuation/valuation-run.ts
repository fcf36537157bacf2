// A sales valuation run: the count call, then every chunk in turn (each resuming after the last
// row of the one before), the lines summed per network and service as they arrive. Progress is
// the chunks fetched out of the chunks the count announced; a new run or leaving the screen
// aborts the one in flight.
import type { ValuationChunkView } from '@vendport/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getValuationChunk, getValuationCount, type ValuationRange } from './api/get-valuation';

export type ValuationLine = ValuationChunkView['lines'][number];

export type ValuationState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; chunks: number | null; count: number | null }
  | {
      phase: 'done';
      clientName: string;
      count: number;
      chunks: number;
      lines: ValuationLine[];
      range: { startDate: string; endDate: string };
    }
  | { phase: 'error'; error: unknown };

/** Adds a chunk's lines into the running totals (per network and service). */
export function mergeLines(into: Map<string, ValuationLine>, lines: ValuationLine[]): void {
  for (const l of lines) {
    const k = `${l.network}:${l.serviceType}`;
    const p = into.get(k);
    into.set(
      k,
      p
        ? {
            ...p,
            count: p.count + l.count,
            valueKobo: p.valueKobo + l.valueKobo,
            commissionKobo: p.commissionKobo + l.commissionKobo,
            netCostKobo: p.netCostKobo + l.netCostKobo,
          }
        : { ...l },
    );
  }
}

export function useValuationRun(clientId: string) {
  const [state, setState] = useState<ValuationState>({ phase: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async (r: ValuationRange) => {
      current.current?.abort();
      const ctrl = new AbortController();
      current.current = ctrl;
      setState({ phase: 'running', done: 0, chunks: null, count: null });
      try {
        const { data: c } = await getValuationCount(clientId, r, ctrl.signal);
        setState({ phase: 'running', done: 0, chunks: c.chunks, count: c.count });
        const totals = new Map<string, ValuationLine>();
        let after: string | undefined;
        for (let i = 0; i < c.chunks; i++) {
          const { data: chunk } = await getValuationChunk(clientId, { ...r, after }, ctrl.signal);
          mergeLines(totals, chunk.lines);
          setState({ phase: 'running', done: i + 1, chunks: c.chunks, count: c.count });
          if (!chunk.next) break;
          after = chunk.next;
        }
        if (ctrl.signal.aborted) return;
        const lines = [...totals.values()].sort(
          (a, b) => a.network.localeCompare(b.network) || a.serviceType.localeCompare(b.serviceType),
        );
        setState({
          phase: 'done',
          clientName: c.clientName,
          count: c.count,
          chunks: c.chunks,
          lines,
          range: { startDate: r.startDate, endDate: r.endDate },
        });
      } catch (error) {
        if (!ctrl.signal.aborted) setState({ phase: 'error', error });
      }
    },
    [clientId],
  );

  const cancel = useCallback(() => {
    current.current?.abort();
    setState({ phase: 'idle' });
  }, []);

  return { state, run, cancel };
}
