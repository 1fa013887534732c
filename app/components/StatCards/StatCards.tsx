import { Card } from "~/components/Card/Card";
import * as dash from "~/components/Dashboard/Dashboard.css";

/** The row of summary cards a list screen opens with. */
export function StatCards({ items }: { items: { label: string; value: string | number; testId: string }[] }) {
  return (
    <div className={dash.stats}>
      {items.map((item) => (
        <Card key={item.testId}>
          <p className={dash.statLabel}>{item.label}</p>
          <p className={dash.statValue} data-testid={item.testId}>
            {item.value}
          </p>
        </Card>
      ))}
    </div>
  );
}
