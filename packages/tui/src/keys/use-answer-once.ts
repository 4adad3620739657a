/**
 * A dialog's answer, delivered once. Keys can arrive faster than the dialog closes (a paste, a
 * held key, Enter and Esc in one read), and each may answer; only the first answer reaches the
 * engine, the rest are dropped.
 */
import { useRef } from "react";

export function useAnswerOnce<T>(deliver: (answer: T) => void): (answer: T) => void {
  const answered = useRef(false);
  return (answer: T) => {
    if (answered.current) return;
    answered.current = true;
    deliver(answer);
  };
}
