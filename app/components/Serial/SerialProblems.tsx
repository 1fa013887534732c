import { useTranslation } from "react-i18next";
import type { SerialProblem } from "~/models/serial/serial-list";

/** A line's refused serials, each problem naming its serial (a receipt's, a shipment's). */
export function SerialProblems({ problems, className }: { problems: SerialProblem[]; className?: string }) {
  const { t } = useTranslation("serials");
  if (problems.length === 0) return null;
  return (
    <ul className={className} data-testid="serial-errors">
      {problems.map((problem) => (
        <li key={`${problem.problem}-${"serial" in problem ? problem.serial : ""}`}>
          {t(`serialProblems.${problem.problem}`, problem)}
        </li>
      ))}
    </ul>
  );
}
