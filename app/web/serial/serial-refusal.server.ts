import type { SerialLineProblems } from "~/models/serial/serial.server";
import type { SerialProblem } from "~/models/serial/serial-list";
import { apiError, englishText } from "~/web/api.server";

/** A problem of a serial as English text: `serials:serialProblems.<problem>` with the serial named. */
const spoken = (problem: SerialProblem) => englishText(`serials:serialProblems.${problem.problem}`, problem);

/**
 * The API's answer when a document's serials are refused (a receipt, a shipment): every problem of
 * every line, each naming its serial. When every problem is `conflict` (a unit another receipt or
 * sale took at the same time) the answer is 409, a conflict with what is stored; anything wrong with
 * the list itself is the input's fault, 400.
 */
export function serialRefusal(lines: SerialLineProblems[], conflict: SerialProblem["problem"]): Response {
  const stored = lines.every((line) => line.problems.every((problem) => problem.problem === conflict));
  const texts = lines.map(
    (line) => `${line.productName} (${line.sku}): ${line.problems.map(spoken).join("; ")}`,
  );
  return apiError(stored ? 409 : 400, `Serials refused: ${texts.join(". ")}`, {
    serials: lines.flatMap((line) =>
      line.problems.map((problem) => `Line ${line.lineId}: ${spoken(problem)}`),
    ),
  });
}
