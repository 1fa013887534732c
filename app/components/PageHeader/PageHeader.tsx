import type { ReactNode } from "react";
import * as s from "./PageHeader.css";

export function PageHeader({
  title,
  lead,
  actions,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className={s.header}>
      <div>
        <h1 className={s.title}>{title}</h1>
        {lead ? <p className={s.lead}>{lead}</p> : null}
      </div>
      {actions}
    </header>
  );
}
