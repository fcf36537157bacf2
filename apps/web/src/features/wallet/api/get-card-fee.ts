import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CardFeeQuoteView, koboToNairaString } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { walletKeys } from './query-keys';

export type CardFee = CardFeeQuoteView;

export const getCardFee = (amountKobo: number, signal?: AbortSignal) =>
  api.get<ApiSuccess<CardFee>>('fund/card/fee', { query: { amount: koboToNairaString(amountKobo) }, signal });

export const cardFeeQueryOptions = (amountKobo: number | null) =>
  queryOptions({
    queryKey: walletKeys.cardFee(amountKobo ?? 0),
    queryFn: ({ signal }) => getCardFee(amountKobo!, signal),
    select: (res) => res.data,
    enabled: amountKobo !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The fee the server will charge for `amountKobo` (null: nothing valid to price yet). */
export const useCardFee = (amountKobo: number | null) => useQuery(cardFeeQueryOptions(amountKobo));
