import type { EntityManager } from "@mikro-orm/postgresql";
import { isLanguage, type Language } from "~/i18n/config";

/**
 * The language of an e-mail a user sends a supplier (a purchase order, a claim): the one asked for,
 * else the sending user's own, else English.
 */
export async function mailLanguage(
  tx: EntityManager,
  userId: number | null,
  asked?: string | null,
): Promise<Language> {
  if (isLanguage(asked)) return asked;
  if (!userId) return "en";
  const [row] = await tx.execute<{ language: string }[]>(`select language from "user" where id = ?`, [
    userId,
  ]);
  return isLanguage(row?.language) ? row.language : "en";
}
