import type { ReactNode } from "react";
import * as s from "./Badge.css";

export type BadgeTone = keyof typeof s.badge;

export function Badge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span className={s.badge[tone]} data-testid={testId} data-tone={tone}>
      {children}
    </span>
  );
}
