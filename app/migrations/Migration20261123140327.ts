import { Migration } from '@mikro-orm/migrations';

// Sessions end after idle hours and at an absolute limit from sign-in (session.server.ts).
export class Migration20261123140327 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "session" add column "created_at" timestamptz not null default now();`);
    // Sessions of before end like new ones do: after 12 idle hours (SESSION_IDLE_HOURS' default).
    this.addSql(`update session set expire = least(expire, now() + interval '12 hours');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "session" drop column "created_at";`);
  }

}
