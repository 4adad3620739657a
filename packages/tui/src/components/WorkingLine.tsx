/**
 * "working… 12s (Esc to interrupt)" while a turn runs. The seconds tick in this component only,
 * once a second, so the rest of the screen does not re-render for the clock.
 */
import { Text } from "ink";
import { useEffect, useState } from "react";

export function WorkingLine({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return <Text dimColor>working… {seconds}s (Esc to interrupt)</Text>;
}
