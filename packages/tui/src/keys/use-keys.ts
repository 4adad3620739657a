/**
 * `useKeys(handler, active)`: subscribe to Ink's raw input stream and get decoded `KeyPress`es,
 * one call per key (a chunk may hold several: text, Enter, more text). Raw input (not
 * `useInput`) so Ctrl+J, Alt+Enter and pasted line breaks can be told apart; bracketed paste
 * (paste-mode.ts) tells a paste from fast typing.
 */
import { useStdin } from "ink";
import { useContext, useEffect, useRef } from "react";
import { KeyDecoder, type KeyPress } from "./key-decoder.js";
import { BracketedPasteContext } from "./paste-mode.js";

export function useKeys(handler: (key: KeyPress) => void, active = true): void {
  const { internal_eventEmitter: emitter, setRawMode, isRawModeSupported } = useStdin();
  const bracketedPaste = useContext(BracketedPasteContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!active) return;
    if (isRawModeSupported) setRawMode(true);
    const decoder = new KeyDecoder(bracketedPaste);
    const onInput = (raw: string) => {
      for (const key of decoder.decode(raw)) latest.current(key);
    };
    emitter.on("input", onInput);
    return () => {
      emitter.off("input", onInput);
      if (isRawModeSupported) setRawMode(false);
    };
  }, [active, emitter, setRawMode, isRawModeSupported, bracketedPaste]);
}
