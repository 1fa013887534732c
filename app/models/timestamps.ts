import { p } from "@mikro-orm/core";

/** createdAt / updatedAt columns shared by every entity that has them. */
export const createdAt = () =>
  p
    .datetime()
    .columnType("timestamptz")
    .defaultRaw("now()")
    .onCreate(() => new Date());
export const updatedAt = () =>
  p
    .datetime()
    .columnType("timestamptz")
    .defaultRaw("now()")
    .onCreate(() => new Date())
    .onUpdate(() => new Date());
export const money = () => p.decimal("string").precision(10).scale(2);
