import type { ReactNode } from "react";
import * as s from "./Card.css";

export function Card({
  title,
  children,
  className,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `${s.card} ${className}` : s.card}>
      {title ? <h2 className={s.title}>{title}</h2> : null}
      {children}
    </section>
  );
}
