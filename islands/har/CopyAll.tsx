/**
 * "Copy all listed as cURL" and "as fetch": DevTools offers them in a
 * row's right-click menu; here they stand above the list, named as
 * there, for the requests the filters show, in list order.
 */
import type { CopyAllKind } from "../../lib/har/copy_all.ts";
import { formatCount } from "../../lib/shared/format.ts";

/** The buttons; `count` is the rows listed. */
export function CopyAll(
  { count, onCopy }: {
    count: number;
    onCopy(kind: CopyAllKind): void;
  },
) {
  const what = `the ${formatCount(count)} ${
    count === 1 ? "request" : "requests"
  } listed, in list order`;
  return (
    <div
      class="har-copy-all"
      role="group"
      aria-label="Copy the listed requests"
    >
      <button
        type="button"
        data-testid="har-copy-all-curl"
        disabled={!count}
        title={`A cURL command for each of ${what}, for bash`}
        onClick={() => onCopy("curl")}
      >
        Copy all listed as cURL
      </button>
      <button
        type="button"
        data-testid="har-copy-all-fetch"
        disabled={!count}
        title={`A fetch call for each of ${what}, for Node.js and Deno`}
        onClick={() => onCopy("fetch")}
      >
        Copy all listed as fetch
      </button>
    </div>
  );
}
