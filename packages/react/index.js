// React's API for every importer of "react" (our code, React Router, Radix, embla, conform), drawn by Preact.
import { options, toChildArray } from "preact";
import * as compat from "preact/compat";
import { useCallback, useRef, useState } from "preact/compat";

export * from "preact/compat";

/**
 * Two of React's ways with elements that preact/compat lacks, before compat's own hook, on the server and in the
 * browser: `suppressHydrationWarning` is React's instruction, never an attribute; `<select defaultValue>`
 * selects an option inside an <optgroup> too (compat marks only the select's own <option> children).
 */
const compatVNodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props;
  if (typeof vnode.type === "string" && props && "suppressHydrationWarning" in props) {
    delete props.suppressHydrationWarning;
  }
  if (vnode.type === "select" && props && props.defaultValue != null && !props.multiple) {
    for (const group of toChildArray(props.children)) {
      if (group.type !== "optgroup") continue;
      for (const option of toChildArray(group.props.children)) {
        if (option.type === "option") option.props.selected = option.props.value == props.defaultValue;
      }
    }
  }
  if (compatVNodeHook) compatVNodeHook(vnode);
};

/**
 * React 19's useOptimistic, which preact/compat lacks. React Router imports it for routers created with
 * `useTransitions`, which this site does not use. Here an optimistic value shows until the state it was
 * based on changes (React also drops it when the transition ends).
 */
export function useOptimistic(passthrough, reducer) {
  const [optimistic, setOptimistic] = useState(null);
  const latest = useRef(passthrough);
  latest.current = passthrough;
  const addOptimistic = useCallback(
    (action) =>
      setOptimistic((current) => {
        const base = latest.current;
        const from = current && current.base === base ? current.value : base;
        return { base, value: reducer ? reducer(from, action) : action };
      }),
    [reducer],
  );
  return [optimistic && optimistic.base === passthrough ? optimistic.value : passthrough, addOptimistic];
}

/** React's server-component cache: a plain call outside React Server Components, which this site does not use. */
export function cache(fn) {
  return fn;
}

export default { ...compat, useOptimistic, cache };
