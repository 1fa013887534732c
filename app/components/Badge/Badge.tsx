import type { ReactNode } from "react";
import * as s from "./Badge.css";

export type BadgeTone = s.Tone;

export function Badge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span className={s.badge} data-testid={testId} data-tone={tone}>
      {children}
    </span>
  );
}
