import type { ReactNode } from "react";
import { useInTableRows } from "~/components/Table/in-table";
import * as s from "./Badge.css";

export type BadgeTone = s.Tone;

export function Badge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  // In a table's rows the table draws it from its `data-tone` (Badge.css.ts).
  return (
    <span className={useInTableRows() ? undefined : s.badge} data-testid={testId} data-tone={tone}>
      {children}
    </span>
  );
}
