import { Migration } from '@mikro-orm/migrations';

export class Migration20261123185515 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "import_job" ("id" serial primary key, "status" text check ("status" in ('preview', 'queued', 'running', 'done', 'failed')) not null default 'preview', "file_name" varchar(255) null, "file_text" text not null, "ignored_columns" jsonb not null default '[]', "total_rows" int not null default 0, "creates" int not null default 0, "updates" int not null default 0, "unchanged" int not null default 0, "errors" int not null default 0, "progress" int not null default 0, "failure" jsonb null, "created_by_id" int null, "committed_by_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "queued_at" timestamptz null, "started_at" timestamptz null, "finished_at" timestamptz null);`);
    this.addSql(`create index "import_job_created_by_id_index" on "import_job" ("created_by_id");`);
    this.addSql(`create index "import_job_created_at_index" on "import_job" ("created_at", "id");`);

    this.addSql(`create table "import_job_row" ("id" bigserial primary key, "job_id" int not null, "line" int not null, "action" text check ("action" in ('error', 'update', 'create', 'unchanged')) not null, "name" varchar(255) not null default '', "sku" varchar(100) not null default '', "product_id" int null, "product_version" int null, "input" jsonb null, "changes" jsonb not null default '[]', "errors" jsonb not null default '[]', "before" jsonb null, "after" jsonb null);`);
    this.addSql(`create index "import_job_row_group_index" on "import_job_row" ("job_id", "action", "line");`);
    this.addSql(`create index "import_job_row_product_index" on "import_job_row" ("job_id", "action", "product_id");`);

    this.addSql(`alter table "import_job" add constraint "import_job_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "import_job" add constraint "import_job_committed_by_id_foreign" foreign key ("committed_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "import_job_row" add constraint "import_job_row_job_id_foreign" foreign key ("job_id") references "import_job" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "import_job_row" drop constraint "import_job_row_job_id_foreign";`);

    this.addSql(`drop table if exists "import_job" cascade;`);

    this.addSql(`drop table if exists "import_job_row" cascade;`);
  }

}
