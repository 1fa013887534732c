import * as list from "~/components/ProductList/ProductList.css";

/** A list's "from" and "to" days in its GET filter form (shop days, YYYY-MM-DD). */
export function DateRangeFilter({
  idPrefix,
  from,
  to,
  labels,
}: {
  idPrefix: string;
  from: string | null;
  to: string | null;
  labels: { from: string; to: string };
}) {
  return (
    <>
      {(["from", "to"] as const).map((name) => (
        <div className={list.filter} key={name}>
          <label className={list.label} htmlFor={`${idPrefix}-${name}`}>
            {labels[name]}
          </label>
          <input
            id={`${idPrefix}-${name}`}
            name={name}
            type="date"
            className={list.control}
            defaultValue={(name === "from" ? from : to) ?? ""}
          />
        </div>
      ))}
    </>
  );
}
