/**
 * The spec viewer opened by the compare page ("Open in spec viewer"): the
 * address holds a one-time key, the document comes from the compare tab
 * (spec_handoff.ts) and is read as any pasted or picked input is, and the
 * page says what came, or why nothing did.
 */
import { useEffect, useState } from "preact/hooks";
import {
  failureText,
  handoffKey,
  type HandoffPayload,
  receiveDocument,
  withoutKey,
} from "../shared/spec_handoff.ts";
import { replaceFragment } from "../shared/fragment.ts";

/** What the page says about a handed-over document. */
export interface HandoffNote {
  state: "waiting" | "done" | "failed";
  /** The side it is of, once known. */
  side?: "base" | "revision";
  text: string;
  /**
   * The input count (`acts`) once the document was given: another input
   * since means the page shows something else, and the note goes.
   */
  acts?: number;
}

/** True when the address asks for a document from the compare tab. */
export function handoffAsked(): boolean {
  return handoffKey(location.hash) !== null;
}

/**
 * Asks the compare tab for the document the address's key names, once,
 * and gives it to `load`, unless the person gave an input meanwhile
 * (`acts` counts them). The key leaves the address at once: a reload
 * shows what this tab keeps (session.ts), and asks nothing again.
 */
export function useHandoff(
  load: (p: HandoffPayload) => void,
  acts: () => number,
): HandoffNote | null {
  const [note, setNote] = useState<HandoffNote | null>(null);
  useEffect(() => {
    const key = handoffKey(location.hash);
    if (key === null) return;
    replaceFragment(withoutKey(location.hash));
    setNote({
      state: "waiting",
      text: "Receiving the document from the compare tab…",
    });
    const before = acts();
    let live = true;
    void receiveDocument(key).then((r) => {
      if (!live) return;
      if (!r.ok) {
        setNote({ state: "failed", text: failureText(r.reason) });
        return;
      }
      const { side, label } = r.payload;
      if (acts() !== before) {
        setNote(null); // the person opened another document meanwhile
        return;
      }
      load(r.payload);
      setNote({
        state: "done",
        side,
        text: `Opened from the compare tab: the ${side}${
          label ? ` (${label})` : ""
        }.`,
        acts: acts(),
      });
    });
    return () => {
      live = false;
    };
  }, []);
  return note;
}
