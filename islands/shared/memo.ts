/**
 * A small `memo` for function components (Preact core has none; compat
 * would add a dependency): the wrapped component re-renders only when
 * `same` says its props changed. Keeps a filter keystroke from re-diffing
 * parts of the page it cannot change (header, warnings, webhooks).
 */
import { Component, type FunctionComponent, h } from "preact";

/** Shallow equality of two props objects. */
export function shallowEqual(a: object, b: object): boolean {
  const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
  const ka = Object.keys(x);
  if (ka.length !== Object.keys(y).length) return false;
  for (const k of ka) if (x[k] !== y[k]) return false;
  return true;
}

/** `C`, re-rendered only when `same(prev, next)` is false. */
export function memo<P extends object>(
  C: FunctionComponent<P>,
  same: (a: P, b: P) => boolean = shallowEqual,
): FunctionComponent<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      return !same(this.props as P, next);
    }
    override render(props: P) {
      return h(C as FunctionComponent<object>, props);
    }
  }
  return Memo as unknown as FunctionComponent<P>;
}
