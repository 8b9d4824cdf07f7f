/**
 * The "Try it" runner of one debug endpoint on the `/debug` page.
 * The page renders one island per catalog entry, each given its endpoint's
 * id and, shared by all of them, the runners' catalog (`runner_catalog.ts`);
 * each builds its form from its entry, validates with the server's own parser,
 * runs the request with fetch (or EventSource for streams) and shows the
 * exact URL and cURL.
 * Enter runs from any field (Ctrl+Enter in the text boxes and from the rest
 * of the runner); Escape anywhere in it cancels the request in flight.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { EndpointSpec } from "../../lib/debug/core/catalog.ts";
import {
  curlNotes,
  prepare,
  runnerCurl,
  runnerKind,
  SOCKET_CURL_SECONDS,
  unreadableNumber,
} from "./model.ts";
import { fieldId, ParamField } from "./ParamField.tsx";
import { RequestFields } from "./RequestFields.tsx";
import { CommandBox } from "./CommandBox.tsx";
import { ResultView } from "./ResultView.tsx";
import { SseView } from "./SseView.tsx";
import { WsView } from "./WsView.tsx";
import { socketUrl, useWebSocket } from "./use_websocket.ts";
import { useRunnerState } from "./use_runner_state.ts";
import { fragmentTarget } from "../shared/fragment.ts";
import { mountPath, showAppPaths } from "./app_paths.ts";
import { useFetchRun } from "./use_fetch_run.ts";
import { useSse } from "./use_sse.ts";
import { announcement, socketAnnouncement } from "./announce.ts";
import { ctrlEnterRuns, enterRuns, escapeCancels } from "./keys.ts";
import { Actions } from "./Actions.tsx";

/**
 * The opening handshake's headers (RFC 6455 §4.1), for the cURL command:
 * curl then shows the 101 and its headers (the key is the RFC's sample).
 */
const UPGRADE = [
  { name: "Connection", value: "Upgrade" },
  { name: "Upgrade", value: "websocket" },
  { name: "Sec-WebSocket-Version", value: "13" },
  { name: "Sec-WebSocket-Key", value: "dGhlIHNhbXBsZSBub25jZQ==" },
];

/** Props of {@link DebugRunner} (JSON, from the page). */
export interface DebugRunnerProps {
  /** The endpoint's id: its entry in `catalog`. */
  endpoint: string;
  /**
   * The runners' entries by id, as the server describes them (without the
   * prose the page shows: see `runner_catalog.ts`); the page sends one copy
   * for all its runners.
   */
  catalog: Readonly<Record<string, EndpointSpec>>;
  /** The server's body limit, checked before sending. */
  maxBodyBytes: number;
  /**
   * The reference from the page to the app's root (`./`): requests go to
   * the API under the path the page was reached at, which a proxy may
   * mount the app under (components/app_path.ts).
   */
  root: string;
  /**
   * The app's root as the server could tell (routes/page.ts `mount`),
   * shown until the browser's own URL replaces it.
   */
  mount: string;
}

/** One endpoint's runner. */
export default function DebugRunner(
  { endpoint, catalog, maxBodyBytes, root: appRoot, mount }: DebugRunnerProps,
) {
  const ep = catalog[endpoint];
  const uid = `run-${ep.id}`;
  const [state, update, loads] = useRunnerState(ep);
  const [here, setHere] = useState(mount);
  const [bad, setBad] = useState<Record<string, boolean>>({});
  const [tried, setTried] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const fetchRun = useFetchRun();
  const events = useSse();
  const socket = useWebSocket();
  const kind = runnerKind(ep);
  // The absolute URL without its final `/`, to go before the catalog's
  // paths (`/api/debug/get`).
  useEffect(() => {
    setHere(new URL(appRoot, location.href).href.replace(/\/$/, ""));
    showAppPaths(appRoot);
  }, [appRoot]);

  const prepared = prepare(ep, state, here, { maxBodyBytes });
  const errors = { ...prepared.errors };
  for (const p of ep.params) {
    if (bad[p.name]) errors[p.name] = unreadableNumber(p);
  }
  const invalid = Object.keys(errors);
  // What cannot be sent as typed; the rest is sent, and the server's own
  // refusal (400 problem+json naming the field) is the result. A
  // WebSocket shows no refusal's status (the browser hides it): nothing
  // goes.
  const blockers = invalid.filter((k) =>
    kind === "socket" || bad[k] || prepared.blocking.has(k)
  );
  const req = prepared.request;

  useEffect(() => {
    // A page opened at a plain `#id` of this runner (no state to load):
    // the browser scrolled to it once, before the heights below settled.
    const target = fragmentTarget(location.hash);
    const opened = !loads && target.id === ep.id && !target.params;
    if (!loads && !opened) return;
    // A shared link or a "Try" example: bring the runner into view, ready
    // for Enter.
    const section = document.getElementById(ep.id);
    const bring = () => section?.scrollIntoView({ block: "start" });
    bring();
    if (loads) {
      root.current?.querySelector<HTMLElement>("[data-testid=run]")
        ?.focus({ preventScroll: true });
    }
    // The references are laid out only as they near the view (content-
    // visibility: auto in debug.css), each replacing the height guessed
    // for it, which moves the section: it is brought back while the page's
    // height settles, for a second or until the reader scrolls.
    const sizes = new ResizeObserver(bring);
    if (section?.parentElement) sizes.observe(section.parentElement);
    const inputs = ["wheel", "keydown", "pointerdown", "touchstart"];
    const stop = () => {
      sizes.disconnect();
      clearTimeout(timer);
      for (const t of inputs) removeEventListener(t, stop);
    };
    const timer = setTimeout(stop, 1000);
    for (const t of inputs) addEventListener(t, stop, { passive: true });
    return stop;
  }, [loads, ep.id]);

  function submit() {
    setTried(true);
    if (blockers.length) {
      // Nothing is sent; an older result beside the new URL would mislead.
      fetchRun.clear();
      events.clear();
      document.getElementById(fieldId(uid, blockers[0]))?.focus();
      return;
    }
    if (kind === "events") {
      events.start(req, state.values.event || "message");
    } else if (kind === "socket") socket.connect(req.url);
    else fetchRun.run(req);
  }

  const expected = Number(
    state.values.count || ep.params.find((p) => p.name === "count")?.default ||
      0,
  );
  const busy = fetchRun.startedAt !== null ||
    ["connecting", "open", "reconnecting"].includes(events.sse?.phase ?? "");

  // Cancel, Stop and Disconnect go once pressed: focus goes to the run
  // button, not to the page's start, some seventy tab stops back.
  const thenRun = (act: () => void) => () => {
    act();
    root.current?.querySelector<HTMLElement>("[data-testid=run]")?.focus();
  };

  // Escape cancels what Cancel (Stop) would, from anywhere in the runner;
  // the live region then says "Cancelled." (or the stream stopped). Focus
  // stays in the field it was in, unless that was the panel about to go.
  function onEscape(e: KeyboardEvent) {
    if (!busy || !escapeCancels(e)) return;
    e.preventDefault();
    const stop = kind === "events" ? events.stop : fetchRun.cancel;
    const t = e.target as HTMLElement;
    if (t.closest?.("[aria-busy=true]")) thenRun(stop)();
    else stop();
  }

  return (
    <div
      class="runner"
      data-testid="runner"
      data-endpoint={ep.id}
      ref={root}
      onKeyDown={(e) => {
        onEscape(e);
        ctrlEnterRuns(
          e,
          root.current?.querySelector(".runner-form") ?? null,
          submit,
        );
      }}
    >
      {
        /* A group named as a form, not a <form>: Chromium's autofill reads
         every form of a page once it has loaded and again at its load
         event, ahead of it (on /debug's 54 forms, 65-95 ms of the
         renderer's CPU and more of the browser's per load), and offers
         nothing for a runner's fields. Enter and the Run button call
         `submit` themselves (keys.ts); a press before the island listens
         is kept by server/client.ts. */
      }
      <div
        class="runner-form"
        role="form"
        aria-label={`Try ${mountPath(here)}${ep.path}`}
        onKeyDown={(e) => enterRuns(e, submit)}
      >
        <div class="runner-fields">
          {ep.params.map((p) => (
            <ParamField
              key={p.name}
              spec={p}
              uid={uid}
              value={state.values[p.name] ?? ""}
              error={errors[p.name]}
              onChange={(v) => update({ values: { [p.name]: v } })}
              onBadInput={(b) => setBad((old) => ({ ...old, [p.name]: b }))}
            />
          ))}
          <RequestFields
            ep={ep}
            uid={uid}
            state={state}
            errors={errors}
            implicitType={prepared.implicitType}
            update={update}
          />
        </div>
        <Actions
          kind={kind}
          blocked={tried && blockers.length ? errors[blockers[0]] : null}
          onRun={submit}
        />
      </div>
      <CommandBox
        url={kind === "socket" ? socketUrl(req.url) : req.url}
        curl={kind === "socket"
          ? runnerCurl({ ...req, headers: [...req.headers, ...UPGRADE] }, {
            maxTime: SOCKET_CURL_SECONDS,
          })
          : runnerCurl(req)}
        invalid={invalid.length > 0}
        notes={kind === "socket"
          ? [
            `curl shows the handshake (101 Switching Protocols) but speaks no WebSocket frames: the command ends after ${SOCKET_CURL_SECONDS} s. Send messages with a WebSocket client (websocat, wscat) at the URL above.`,
          ]
          : curlNotes(req)}
      />
      <div class="visually-hidden" aria-live="polite" aria-atomic="true">
        {kind === "socket"
          ? socketAnnouncement(socket.ws)
          : announcement(fetchRun.result, events.sse, busy)}
      </div>
      {kind === "events"
        ? (
          <SseView
            sse={events.sse}
            expected={expected}
            onStop={thenRun(events.stop)}
          />
        )
        : kind === "socket"
        ? (
          <WsView
            ws={socket.ws}
            uid={uid}
            onSend={socket.send}
            onDisconnect={thenRun(socket.disconnect)}
          />
        )
        : (
          <ResultView
            result={fetchRun.result}
            startedAt={fetchRun.startedAt}
            progress={fetchRun.progress}
            sent={fetchRun.sent}
            current={req}
            onCancel={thenRun(fetchRun.cancel)}
          />
        )}
    </div>
  );
}
