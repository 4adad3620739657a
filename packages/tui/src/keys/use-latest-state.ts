/**
 * `useLatestState`: React state whose newest value is readable at once through `.current`.
 * Several keys can arrive in one stdin chunk (tmux, fast typing, paste with escapes); Ink calls
 * the key handler for each before React re-renders, so handlers must read `.current`, never
 * the value captured by the last render.
 */
import { useCallback, useRef, useState } from "react";

export function useLatestState<T>(
  initial: T | (() => T),
): [T, (next: T | ((previous: T) => T)) => void, { readonly current: T }] {
  const [value, setValue] = useState(initial);
  const ref = useRef(value);
  const set = useCallback((next: T | ((previous: T) => T)) => {
    const resolved = typeof next === "function" ? (next as (previous: T) => T)(ref.current) : next;
    ref.current = resolved;
    setValue(resolved);
  }, []);
  return [value, set, ref];
}
