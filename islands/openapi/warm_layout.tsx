/**
 * The list's first frame, laid out once ahead out of sight: a picked file's
 * header, toolbar and rows are the first text of the page in their fonts
 * (monospace badges, paths and operation ids, the title's and the chips'
 * sizes), and each new font and size costs that frame's layout a
 * synchronous call to the browser process (`FontCache::
 * GetFontPlatformData`, about twenty of them). Traced, they were most of
 * the layout of the frame that shows the first rows, and its most variable
 * part on a loaded machine: the browser process answers only when it gets
 * a core. Laid out here first, while the person picks in the file dialog,
 * the fonts are cached for the page, as are the style rules and the
 * components' compiled code.
 */
import { createRef, render, type VNode } from "preact";
import { NO_ABOUT } from "../../lib/openapi/about.ts";
import type { Endpoint, SpecIndex } from "../../lib/openapi/types.ts";
import { EndpointRow } from "./EndpointRow.tsx";
import { SpecHeader } from "./SpecHeader.tsx";
import { Toolbar } from "./Toolbar.tsx";

/** An endpoint of {@link SAMPLE}. */
function endpoint(
  method: string,
  summary: string,
  operationId: string,
  tags: string[],
  deprecated: boolean,
): Endpoint {
  const path = "/a/{id}";
  return {
    method,
    path,
    summary,
    operationId,
    tags,
    deprecated,
    opKey: method,
    additional: false,
    hay: "",
  };
}

/**
 * A listed document whose header and rows show every kind of text they
 * have: a server, method chips, a summary, an operation id in place of
 * one, tags and the deprecated mark. Written out, not parsed: a parse here
 * would compile the parser on the page's thread, for nothing.
 */
const SAMPLE: SpecIndex = {
  family: "openapi",
  specVersion: "3.1.0",
  format: "OpenAPI 3.1.0",
  syntax: "json",
  title: "Warm-up",
  version: "1.0",
  description: "",
  servers: ["https://example.com/v1"],
  serverChoices: [{
    url: "https://example.com/v1",
    name: "",
    fixed: {},
    description: "",
    variables: [],
  }],
  endpoints: [
    endpoint("get", "Get an a", "getA", ["a", "b"], false),
    endpoint("post", "", "postA", [], true),
  ],
  webhooks: [],
  callbacks: [],
  methodCounts: [["get", 1], ["post", 1]],
  tags: [],
  extraMethods: [],
  schemas: [],
  schemaCount: 0,
  about: NO_ABOUT,
  warnings: [],
  checked: false,
  chars: 0,
};

const noop = () => {};

/** The parts of the list's first frame, each laid out in a step of its own. */
function parts(index: SpecIndex): VNode[] {
  const n = index.endpoints.length;
  return [
    <SpecHeader
      key="head"
      index={index}
      summary=""
      activeMethods={[]}
      onMethod={noop}
    />,
    <div key="toolbar" class="sv-browse">
      <Toolbar
        filterRef={createRef()}
        filter=""
        shown={n}
        total={n}
        copied=""
        onFilter={noop}
        onKey={noop}
        onCopy={noop}
      />
    </div>,
    <div key="rows" class="sv-browse">
      <div class="sv-list">
        <div class="sv-sizer">
          {index.endpoints.map((e, i) => (
            <EndpointRow
              key={i}
              endpoint={e}
              index={i}
              count={index.endpoints.length}
              top={0}
              height={40}
              terms={[]}
              tags={[]}
              expanded={false}
              active={i === 0}
              onToggle={noop}
              onTag={noop}
              onKey={noop}
              onFocusRow={noop}
              onReturn={noop}
              onPointerRow={noop}
            />
          ))}
        </div>
      </div>
    </div>,
  ];
}

/**
 * Renders the header, the toolbar and the rows of {@link SAMPLE} into
 * hidden, inert copies of the viewer's frame (compiling their code); then
 * each in a step of its own that `later` runs (a layout that looks fonts
 * up waits on the browser process, which a loaded machine stretches) is
 * put beside `host` (the viewer's root), laid out and removed, in that one
 * task: nothing else sees it. A step does nothing once `wanted()` is false
 * (a file came), and nothing is done once anything fails: it only loses a
 * head start.
 */
export function warmListLayout(
  host: HTMLElement,
  later: (step: () => void) => void,
  wanted: () => boolean,
): void {
  if (!wanted()) return;
  const boxes: HTMLElement[] = [];
  const undo = (box: HTMLElement) => {
    try {
      render(null, box);
    } catch { /* nothing to undo */ }
    box.remove();
  };
  try {
    for (const part of parts(SAMPLE)) {
      const box = document.createElement("div");
      box.className = "sv has-spec";
      box.setAttribute("aria-hidden", "true");
      box.inert = true;
      box.style.cssText =
        "position:absolute;top:0;left:0;width:100%;visibility:hidden;" +
        "pointer-events:none";
      boxes.push(box);
      render(part, box);
    }
  } catch {
    return boxes.forEach(undo);
  }
  const step = () => {
    const box = boxes.shift();
    if (!box) return;
    try {
      if (wanted() && host.parentElement) {
        host.parentElement.append(box);
        void box.offsetHeight; // style and layout: the fonts are looked up
        later(step);
      } else boxes.forEach(undo);
    } catch {
      boxes.forEach(undo); // a head start lost, nothing more
    } finally {
      undo(box);
    }
  };
  later(step);
}
