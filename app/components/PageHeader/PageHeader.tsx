import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/Button/Button";
import * as s from "./PageHeader.css";

type Props = {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  /** The screen's "Add ..." button, when the user may add. */
  add?: { to: string; label: string } | false;
};

export function PageHeader({ title, lead, actions, add }: Props) {
  return (
    <header className={s.header}>
      <div className={s.heading}>
        <h1 className={s.title}>{title}</h1>
        {lead ? <p className={s.lead}>{lead}</p> : null}
      </div>
      {actions}
      {add ? (
        <Link to={add.to} className={buttonClass("primary")} preventScrollReset>
          {add.label}
        </Link>
      ) : null}
    </header>
  );
}
