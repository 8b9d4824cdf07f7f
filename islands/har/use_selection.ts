/**
 * The HAR viewer's selected entry, tied to the file it was picked in. A
 * row can be clicked on the list still shown while the next file loads;
 * its index means another request in that next file, so such a selection
 * is dropped once the file it was made in is replaced. A selection that
 * came with a link names its entry by key as well as by index: a file
 * whose entry at that index has another key is not the link's, so the
 * entry is looked up by key, and when no entry has it nothing opens and
 * it is reported (`missing`); the link's selection stays in the address
 * for the next file picked.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "preact/hooks";
import type { HarColumns } from "../../lib/har/columns.ts";
import { entryKey, entryWithKey } from "../../lib/har/entries.ts";

/** What the fragment says is selected. */
export interface Selected {
  sel: number;
  selKey: string;
}

/**
 * `c` is the shown file's columns, `want` the fragment's selection, `set`
 * writes the fragment, `origin` the file's earliest start (Unix ms, see
 * `entryKey`). The selection to show (-1 for none), the way to select,
 * and the index a link named that the file does not have (-1).
 */
export function useFileSelection(
  c: HarColumns | null,
  want: Selected,
  set: (patch: Selected) => void,
  origin = 0,
): { sel: number; select: (i: number) => void; missing: number } {
  // The file the last selection was made in; null when it came with the
  // page's fragment (a reload keeps the first file's selection).
  const madeIn = useRef<HarColumns | null>(null);
  const [missing, setMissing] = useState(-1);
  // The key the last pick computed, so the check below does not hash the
  // same entry again (a 50 MB data: URL costs a tenth of a second a hash).
  const picked = useRef({ c: null as HarColumns | null, i: -1, key: "" });
  const stale = madeIn.current !== null && madeIn.current !== c;
  const { sel, selKey } = want;
  // Where the fragment's entry is in this file: its index when the key
  // agrees (or there is none), else the entry with that key, else -1.
  const found = useMemo(() => {
    if (!c || sel < 0) return -1;
    if (!selKey) return sel < c.n ? sel : -1;
    const p = picked.current;
    if (p.c === c && p.i === sel && p.key === selKey) return sel;
    if (sel < c.n && entryKey(c, sel, origin) === selKey) return sel;
    return entryWithKey(c, selKey, origin);
  }, [c, sel, selKey, origin]);
  // A new file forgets the last one's report (before the check below,
  // which may report for this one in the same commit).
  useEffect(() => setMissing(-1), [c]);
  useEffect(() => {
    if (stale) {
      madeIn.current = null;
      set({ sel: -1, selKey: "" });
    } else if (c && sel >= 0 && found !== sel) {
      // A link's entry this file lacks stays in the address: the file it
      // was made from, picked next, opens it.
      if (found < 0) setMissing(sel);
      else set({ sel: found, selKey });
    }
  }, [stale, c, sel, found]);
  const select = useCallback((i: number) => {
    madeIn.current = c;
    setMissing(-1);
    const key = c && i >= 0 && i < c.n ? entryKey(c, i, origin) : "";
    picked.current = { c, i, key };
    set({ sel: i, selKey: key });
  }, [c, set, origin]);
  return { sel: c && !stale ? found : -1, select, missing };
}
