/**
 * `useKeys(handler, active)`: subscribe to Ink's raw input stream and get decoded `KeyPress`es.
 * Raw input (not `useInput`) so Ctrl+J, Alt+Enter and pasted line breaks can be told apart.
 */
import { useStdin } from "ink";
import { useEffect, useRef } from "react";
import { decodeKey, type KeyPress } from "./key-decoder.js";

export function useKeys(handler: (key: KeyPress) => void, active = true): void {
  const { internal_eventEmitter: emitter, setRawMode, isRawModeSupported } = useStdin();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!active) return;
    if (isRawModeSupported) setRawMode(true);
    const onInput = (raw: string) => latest.current(decodeKey(raw));
    emitter.on("input", onInput);
    return () => {
      emitter.off("input", onInput);
      if (isRawModeSupported) setRawMode(false);
    };
  }, [active, emitter, setRawMode, isRawModeSupported]);
}
