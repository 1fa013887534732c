import type { ReactNode } from "react";
import * as s from "./Badge.css";

export type BadgeTone = s.Tone;

export function Badge({
  tone,
  children,
  testId,
  bare,
}: {
  tone: BadgeTone;
  children: ReactNode;
  testId?: string;
  /**
   * A badge of a table's rows (a page of 50 rows has some 150): no class, the table draws it from
   * its `data-tone` (Badge.css.ts).
   */
  bare?: boolean;
}) {
  return (
    <span className={bare ? undefined : s.badge} data-testid={testId} data-tone={tone}>
      {children}
    </span>
  );
}
