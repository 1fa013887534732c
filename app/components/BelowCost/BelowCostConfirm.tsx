import { lazy, Suspense } from "react";
import type { BelowCostProps } from "./BelowCostBox";

// Loaded when a save was refused: its forms' pages (the product form's is at its budget) carry
// only this. The server renders it whole (entry.server waits for all of the page), so it works
// without JavaScript.
const BelowCostBox = lazy(() => import("./BelowCostBox"));

/**
 * The below-cost guard in a form (below-cost.ts): the prices a save would set under cost, and, for
 * an admin or a manager, the reason that confirms them (sent again with the form); a salesperson is
 * told to ask one. Shown once the server has refused a save, so it works without JavaScript.
 */
export function BelowCostConfirm({ answer, ...props }: BelowCostProps) {
  if (!answer) return null;
  return (
    <Suspense fallback={null}>
      <BelowCostBox answer={answer} {...props} />
    </Suspense>
  );
}
