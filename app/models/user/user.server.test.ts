import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { reloadEnv } from "~/infra/env.server";
import { testDatabase } from "../../../tests/setup/database";
import { registerSchema } from "./auth-schema";
import {
  changeOwnPassword,
  createUserByAdmin,
  deleteUser,
  findSessionUser,
  findUserById,
  registerUser,
  updateOwnProfile,
  updateUser,
  userVersion,
  verifyLogin,
} from "./user.server";
import { editUserSchema, newUserSchema } from "./user-schema";

const db = testDatabase();

function input(email: string, role: "admin" | "manager" | "salesperson") {
  return registerSchema.parse({ email, password: "secret1", firstName: "Test", lastName: "User", role });
}

describe("registration policy", () => {
  beforeEach(() => db.truncate("user"));
  afterEach(() => {
    delete process.env.OPEN_REGISTRATION;
    reloadEnv();
  });

  test("the first account is an active admin whatever role it asked for", async () => {
    const result = await db.inRequest(() => registerUser(input("first@example.com", "salesperson")));
    expect(result).toMatchObject({ ok: true, user: { role: "admin", isActive: true } });
  });

  test("a later admin or manager awaits approval, a salesperson is active at once", async () => {
    await db.inRequest(() => registerUser(input("first@example.com", "salesperson")));
    const admin = await db.inRequest(() => registerUser(input("boss@example.com", "admin")));
    const manager = await db.inRequest(() => registerUser(input("manager@example.com", "manager")));
    const seller = await db.inRequest(() => registerUser(input("seller@example.com", "salesperson")));
    expect(admin).toMatchObject({ ok: true, user: { role: "admin", isActive: false } });
    expect(manager).toMatchObject({ ok: true, user: { role: "manager", isActive: false } });
    expect(seller).toMatchObject({ ok: true, user: { role: "salesperson", isActive: true } });
  });

  test("OPEN_REGISTRATION=true makes any role active at once", async () => {
    process.env.OPEN_REGISTRATION = "true";
    reloadEnv();
    await db.inRequest(() => registerUser(input("first@example.com", "salesperson")));
    const manager = await db.inRequest(() => registerUser(input("manager@example.com", "manager")));
    expect(manager).toMatchObject({ ok: true, user: { role: "manager", isActive: true } });
  });

  test("an email is taken whatever its letter case", async () => {
    await db.inRequest(() => registerUser(input("first@example.com", "salesperson")));
    const again = await db.inRequest(() => registerUser(input("FIRST@Example.COM", "salesperson")));
    expect(again).toEqual({ ok: false, reason: "emailTaken" });
  });

  test("two simultaneous first sign-ups make exactly one admin", async () => {
    const results = await Promise.all(
      ["a@example.com", "b@example.com", "c@example.com"].map((email) =>
        db.inRequest(() => registerUser(input(email, "salesperson"))),
      ),
    );
    const admins = results.filter((r) => r.ok && r.user.role === "admin");
    expect(admins).toHaveLength(1);
  });
});

describe("the session's user", () => {
  beforeEach(() => db.truncate("user", "session"));
  afterEach(() => db.truncate("session"));

  test("is found in one query by a live session's id; an expired or unknown session has none", async () => {
    const created = await db.inRequest(() => registerUser(input("first@example.com", "admin")));
    if (!created.ok) throw new Error(created.reason);
    const session = (sid: string, userId: number, expire: string) =>
      db.orm.em
        .fork()
        .execute("insert into session (sid, sess, expire) values (?, ?, ?)", [
          sid,
          JSON.stringify({ userId }),
          expire,
        ]);
    await session("live", created.user.id, "2999-01-01T00:00:00Z");
    await session("expired", created.user.id, "2000-01-01T00:00:00Z");
    expect(await db.inRequest(() => findSessionUser("live"))).toEqual(
      await db.inRequest(() => findUserById(created.user.id)),
    );
    expect(await db.inRequest(() => findSessionUser("expired"))).toBeNull();
    expect(await db.inRequest(() => findSessionUser("unknown"))).toBeNull();
  });
});

describe("session lifetime", () => {
  beforeEach(() => db.truncate("user", "session"));
  afterEach(() => db.truncate("session"));

  async function sessionOf(userId: number, expire: string, createdAt: string) {
    await db.orm.em
      .fork()
      .execute(
        `insert into session (sid, sess, expire, created_at) values ('s', ?, ${expire}, ${createdAt})`,
        [JSON.stringify({ userId })],
      );
  }
  const expiresIn = async () =>
    Number(
      (
        await db.orm.em
          .fork()
          .execute<{ hours: string }[]>(
            "select extract(epoch from expire - now()) / 3600 as hours from session",
          )
      )[0].hours,
    );

  test("a request moves the idle end on to 12 hours from now", async () => {
    const created = await db.inRequest(() => registerUser(input("first@example.com", "admin")));
    if (!created.ok) throw new Error(created.reason);
    await sessionOf(created.user.id, "now() + interval '2 hours'", "now() - interval '10 hours'");
    expect(await db.inRequest(() => findSessionUser("s"))).not.toBeNull();
    expect(await expiresIn()).toBeCloseTo(12, 1);
  });

  test("never past the absolute limit: 14 days after sign-in the session ends, however busy", async () => {
    const created = await db.inRequest(() => registerUser(input("first@example.com", "admin")));
    if (!created.ok) throw new Error(created.reason);
    await sessionOf(
      created.user.id,
      "now() + interval '1 hour'",
      "now() - interval '14 days' + interval '3 hours'",
    );
    await db.inRequest(() => findSessionUser("s"));
    expect(await expiresIn()).toBeCloseTo(3, 1);
  });

  test("SESSION_IDLE_HOURS sets the idle time; an idle session is over", async () => {
    process.env.SESSION_IDLE_HOURS = "1";
    reloadEnv();
    try {
      const created = await db.inRequest(() => registerUser(input("first@example.com", "admin")));
      if (!created.ok) throw new Error(created.reason);
      await sessionOf(created.user.id, "now() + interval '10 minutes'", "now() - interval '1 hour'");
      await db.inRequest(() => findSessionUser("s"));
      expect(await expiresIn()).toBeCloseTo(1, 1);
      await db.orm.em.fork().execute("update session set expire = now() - interval '1 second'");
      expect(await db.inRequest(() => findSessionUser("s"))).toBeNull();
    } finally {
      delete process.env.SESSION_IDLE_HOURS;
      reloadEnv();
    }
  });
});

describe("sign-in", () => {
  beforeEach(async () => {
    await db.truncate("user");
    await db.inRequest(() => registerUser(input("first@example.com", "salesperson")));
    await db.inRequest(() => registerUser(input("pending@example.com", "manager")));
  });

  test("the right password signs in and the answer has no password hash", async () => {
    const result = await db.inRequest(() => verifyLogin("First@example.com", "secret1"));
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain("password");
  });

  test("a wrong password or unknown email is refused alike", async () => {
    expect(await db.inRequest(() => verifyLogin("first@example.com", "wrong-one"))).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await db.inRequest(() => verifyLogin("nobody@example.com", "secret1"))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  test("an account awaiting approval cannot sign in", async () => {
    expect(await db.inRequest(() => verifyLogin("pending@example.com", "secret1"))).toEqual({
      ok: false,
      reason: "inactive",
    });
  });
});

describe("user management rules", () => {
  beforeEach(() => db.truncate("user", "session"));

  const admin = async (email: string) => {
    const result = await db.inRequest(() => registerUser(input(email, "salesperson")));
    if (!result.ok) throw new Error("not created");
    return result.user;
  };

  test("the last active admin cannot be deactivated, demoted or deleted; with a second admin they can", async () => {
    const first = await admin("first@example.com");
    const edit = editUserSchema.parse({
      firstName: "F",
      lastName: "A",
      email: first.email,
      role: "manager",
      isActive: true,
    });
    expect(await db.inRequest(() => updateUser(first.id, edit))).toEqual({ ok: false, reason: "lastAdmin" });
    expect(
      await db.inRequest(() => updateUser(first.id, { ...edit, role: "admin", isActive: false })),
    ).toEqual({
      ok: false,
      reason: "lastAdmin",
    });
    const second = await db.inRequest(() =>
      createUserByAdmin(
        newUserSchema.parse({
          firstName: "S",
          lastName: "A",
          email: "second@example.com",
          password: "secret1",
          role: "admin",
        }),
      ),
    );
    if (!second.ok) throw new Error("not created");
    expect(await db.inRequest(() => deleteUser(second.user.id, second.user.id))).toEqual({
      ok: false,
      reason: "self",
    });
    expect(await db.inRequest(() => updateUser(first.id, edit))).toMatchObject({
      ok: true,
      user: { role: "manager" },
    });
    expect(await db.inRequest(() => deleteUser(second.user.id, first.id))).toEqual({
      ok: false,
      reason: "lastAdmin",
    });
  });

  test("deactivating a user ends their sessions", async () => {
    await admin("first@example.com");
    const seller = await db.inRequest(() => registerUser(input("seller@example.com", "salesperson")));
    if (!seller.ok) throw new Error("not created");
    const em = db.orm.em.fork();
    await em.execute("insert into session (sid, sess, expire) values ('s1', ?, now() + interval '1 day')", [
      JSON.stringify({ userId: seller.user.id }),
    ]);
    const edit = editUserSchema.parse({
      firstName: "S",
      lastName: "P",
      email: "seller@example.com",
      role: "salesperson",
      isActive: false,
    });
    expect(await db.inRequest(() => updateUser(seller.user.id, edit))).toMatchObject({ ok: true });
    expect(await em.execute("select sid from session")).toEqual([]);
  });

  test("a new password set by an admin ends the user's sessions; an admin's own, all but the one that set it", async () => {
    const em = db.orm.em.fork();
    const me = await admin("first@example.com");
    const seller = await db.inRequest(() => registerUser(input("seller@example.com", "salesperson")));
    if (!seller.ok) throw new Error(seller.reason);
    await em.execute(
      "insert into session (sid, sess, expire) values ('s1', ?, now() + interval '1 day'), ('s2', ?, now() + interval '1 day'), ('a1', ?, now() + interval '1 day'), ('a2', ?, now() + interval '1 day')",
      [
        JSON.stringify({ userId: seller.user.id }),
        JSON.stringify({ userId: seller.user.id }),
        JSON.stringify({ userId: me.id }),
        JSON.stringify({ userId: me.id }),
      ],
    );
    const edit = (email: string, role: "admin" | "salesperson", version: number) =>
      editUserSchema.parse({
        firstName: "A",
        lastName: "B",
        email,
        role,
        isActive: true,
        password: "new-secret-1",
        version,
      });
    const sellerVersion = await db.inRequest(() => userVersion(seller.user.id));
    expect(
      await db.inRequest(() =>
        updateUser(seller.user.id, edit("seller@example.com", "salesperson", sellerVersion), "a1"),
      ),
    ).toMatchObject({ ok: true });
    const myVersion = await db.inRequest(() => userVersion(me.id));
    expect(
      await db.inRequest(() => updateUser(me.id, edit("first@example.com", "admin", myVersion), "a1")),
    ).toMatchObject({ ok: true });
    expect(
      (await em.execute<{ sid: string }[]>("select sid from session order by sid")).map((r) => r.sid),
    ).toEqual(["a1"]);
  });

  test("an admin saves their own account in the request that looked them up as the signed-in user", async () => {
    const me = await admin("first@example.com");
    const edit = (version: number) =>
      editUserSchema.parse({
        firstName: "Renamed",
        lastName: "Admin",
        email: me.email,
        role: "admin",
        isActive: true,
        version,
      });
    // As a request does: the guard loads the signed-in user, the edit form loads its version, then
    // the same request saves with that version.
    const saved = await db.inRequest(async () => {
      await findUserById(me.id);
      return updateUser(me.id, edit(await userVersion(me.id)));
    });
    expect(saved).toMatchObject({ ok: true, user: { firstName: "Renamed" } });
    expect(await db.inRequest(() => userVersion(me.id))).toBe(2);
    // The version check itself still holds: the version the first save started from is stale now.
    const stale = await db.inRequest(async () => {
      await findUserById(me.id);
      return updateUser(me.id, edit(1));
    });
    expect(stale).toEqual({ ok: false, reason: "stale" });
  });

  test("a user's own name change keeps their email, role and status; a stale version is refused", async () => {
    const me = await admin("first@example.com");
    const saved = await db.inRequest(async () => {
      await findUserById(me.id);
      return updateOwnProfile(me.id, { firstName: "Own", lastName: "Name", version: 1 });
    });
    expect(saved).toMatchObject({
      ok: true,
      user: { firstName: "Own", lastName: "Name", email: me.email, role: "admin", isActive: true },
    });
    expect(
      await db.inRequest(() => updateOwnProfile(me.id, { firstName: "Late", lastName: "Name", version: 1 })),
    ).toEqual({ ok: false, reason: "stale" });
  });

  test("changing one's password ends one's other sessions, keeps this one and leaves others' alone", async () => {
    const me = await admin("first@example.com");
    const other = await db.inRequest(() => registerUser(input("other@example.com", "salesperson")));
    if (!other.ok) throw new Error("not created");
    const em = db.orm.em.fork();
    for (const [sid, userId] of [
      ["mine", me.id],
      ["my-other", me.id],
      ["theirs", other.user.id],
    ] as const) {
      await em.execute("insert into session (sid, sess, expire) values (?, ?, now() + interval '1 day')", [
        sid,
        JSON.stringify({ userId }),
      ]);
    }
    expect(await db.inRequest(() => changeOwnPassword(me.id, "new-secret", "mine"))).toBe(true);
    const left = await em.execute<{ sid: string }[]>("select sid from session order by sid");
    expect(left.map((row) => row.sid)).toEqual(["mine", "theirs"]);
    expect(await db.inRequest(() => verifyLogin(me.email, "secret1"))).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect((await db.inRequest(() => verifyLogin(me.email, "new-secret"))).ok).toBe(true);
  });
});
