/**
 * From a component's name in any schema tree to that schema in the
 * Schemas section, as Redoc and Scalar link a model's name to the model:
 * the trees ask whether a name is one of the document's named schemas and
 * to open it; the section (Schemas.tsx) opens it in place.
 */
import { createContext } from "preact";
import { useMemo, useState } from "preact/hooks";

/** What a tree may ask; null where there is no Schemas section. */
export interface SchemaJump {
  /** Whether `name` is one of the document's named schemas. */
  has(name: string): boolean;
  /**
   * Opens schema `name` in the Schemas section and brings it into view,
   * focusing its summary unless `focus` is false (a fragment read on
   * arrival takes no focus, as a restored operation takes none), and
   * scrolling to it unless `keepPlace` (another part of the page, an open
   * operation, has the reader's place).
   */
  open(name: string, focus?: boolean, keepPlace?: boolean): void;
  /** Closes schema `name` in the Schemas section (the address dropped it). */
  close(name: string): void;
}

/** Provided by the SpecViewer around its trees and its Schemas section. */
export const SchemaJumpContext = createContext<SchemaJump | null>(null);

/** A request to open `name`; `seq` tells a second request for it apart. */
export interface JumpRequest {
  name: string;
  seq: number;
  /** Whether its summary takes the focus. */
  focus: boolean;
  /** Whether the page's scroll stays where it is. */
  keepPlace?: boolean;
  /** A request to close it instead. */
  close?: boolean;
}

/**
 * The jump of the spec whose named schemas are `names`, and the latest
 * request, which the Schemas section answers.
 */
export function useSchemaJump(
  names: readonly string[],
): { jump: SchemaJump | null; request: JumpRequest | null } {
  const [request, setRequest] = useState<JumpRequest | null>(null);
  const jump = useMemo(() => {
    if (!names.length) return null;
    const known = new Set(names);
    return {
      has: (name: string) => known.has(name),
      open: (name: string, focus = true, keepPlace = false) =>
        setRequest((r) => ({
          name,
          seq: (r?.seq ?? 0) + 1,
          focus,
          keepPlace,
        })),
      close: (name: string) =>
        setRequest((r) => ({
          name,
          seq: (r?.seq ?? 0) + 1,
          focus: false,
          close: true,
        })),
    };
  }, [names]);
  return { jump, request };
}
