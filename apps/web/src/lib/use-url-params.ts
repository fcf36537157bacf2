// The page's query parameters with an editor that builds each change on the latest one, even
// before the URL has re-rendered: react-router's functional update reads the location of the last
// render, so two changes in a row (Clear filters, then a select) lost the first. Every list's
// filters, pager and tabs that keep other parameters change the URL through this.
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

export function useUrlParams(): [URLSearchParams, (edit: (p: URLSearchParams) => void) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const seen = useRef(params.toString());
  if (params.toString() !== seen.current) {
    // The URL changed (a committed change, Back, a link): that is the latest now.
    seen.current = params.toString();
    latest.current = params;
  }
  const edit = useCallback(
    (change: (p: URLSearchParams) => void) => {
      const p = new URLSearchParams(latest.current);
      change(p);
      latest.current = p;
      setParams(p);
    },
    [setParams],
  );
  return [params, edit];
}
