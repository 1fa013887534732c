import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server HTML and while React hydrates it, true from then on: parts that only work
 * with JavaScript wait for it. A screen rendered in the browser later (client-side navigation) is
 * true from its first render, so it does not flash its without-JavaScript look.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
