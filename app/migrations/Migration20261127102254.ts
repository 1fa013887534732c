import { Migration } from '@mikro-orm/migrations';

/**
 * The reprint queue's tally (label_queue_tally): each statement that adds rows to label_queue or
 * takes rows from it adds one row with its signed count (an insert's conflicting rows are updates,
 * not counted); a truncate empties the tally. Only inserts: no row that two writers both lock.
 */
const TALLY_FUNCTION = `create function label_queue_tally_apply() returns trigger language plpgsql as $body$
begin
  if tg_op = 'TRUNCATE' then
    delete from label_queue_tally;
  elsif tg_op = 'INSERT' then
    insert into label_queue_tally (delta) select count(*) from new_rows having count(*) > 0;
  else
    insert into label_queue_tally (delta) select -count(*) from old_rows having count(*) > 0;
  end if;
  return null;
end
$body$;`;

export class Migration20261127102254 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "label_queue_tally" ("id" bigserial primary key, "delta" int not null);`);

    this.addSql(`create table "label_setting" ("id" int not null, "layout" varchar(30) not null, "dpi" int not null, "updated_at" timestamptz not null default now(), constraint "label_setting_pkey" primary key ("id"), constraint label_setting_one_row_check check (id = 1));`);

    // Written by hand: the tally is kept by statement triggers on label_queue, from the rows it holds now.
    this.addSql(TALLY_FUNCTION);
    this.addSql(`create trigger label_queue_tally_insert after insert on label_queue referencing new table as new_rows for each statement execute function label_queue_tally_apply();`);
    this.addSql(`create trigger label_queue_tally_delete after delete on label_queue referencing old table as old_rows for each statement execute function label_queue_tally_apply();`);
    this.addSql(`create trigger label_queue_tally_truncate after truncate on label_queue for each statement execute function label_queue_tally_apply();`);
    this.addSql(`insert into label_queue_tally (delta) select count(*) from label_queue;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists label_queue_tally_insert on label_queue;`);
    this.addSql(`drop trigger if exists label_queue_tally_delete on label_queue;`);
    this.addSql(`drop trigger if exists label_queue_tally_truncate on label_queue;`);
    this.addSql(`drop function if exists label_queue_tally_apply();`);

    this.addSql(`drop table if exists "label_queue_tally" cascade;`);

    this.addSql(`drop table if exists "label_setting" cascade;`);
  }

}
