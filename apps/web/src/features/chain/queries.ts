/** TanStack Query hooks of the chain pages; keys carry every input, so a node's data is cached per page. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type CompanySort,
  type GraphRequest,
  readChainGraph,
  readCompanies,
  readDeepMenu,
  readInvestment,
  readSavedAnalysis,
} from './api';

const MINUTE = 60_000;

export function useChainGraph(request: GraphRequest | null) {
  return useQuery({
    queryKey: ['chain', 'graph', request],
    queryFn: ({ signal }) => readChainGraph(request!, signal),
    enabled: request !== null && Boolean(request.id || request.keyword),
    staleTime: MINUTE,
  });
}

export function useNodeCompanies(id: string | null, page: number, sort: CompanySort, pageSize = 10) {
  return useQuery({
    queryKey: ['chain', 'companies', id, page, pageSize, sort],
    queryFn: ({ signal }) => readCompanies({ id: id!, page, pageSize, sort }, signal),
    enabled: id !== null,
    staleTime: MINUTE,
    placeholderData: keepPreviousData,
  });
}

export function useNodeInvestment(id: string | null, years: number) {
  return useQuery({
    queryKey: ['chain', 'investment', id, years],
    queryFn: ({ signal }) => readInvestment({ id: id!, years }, signal),
    enabled: id !== null,
    staleTime: MINUTE,
  });
}

export function useSavedAnalysis(id: string | null) {
  return useQuery({
    queryKey: ['chain', 'analysis', id],
    queryFn: () => readSavedAnalysis(id!),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDeepMenu(id: string | null) {
  return useQuery({
    queryKey: ['chain', 'deep', id],
    queryFn: () => readDeepMenu(id!),
    enabled: id !== null,
    staleTime: MINUTE,
  });
}
