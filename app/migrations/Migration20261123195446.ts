import { Migration } from '@mikro-orm/migrations';

export class Migration20261123195446 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "import_job_created_at_index";`);

    this.addSql(`alter table "import_job" add column "kind" text check ("kind" in ('products', 'customers', 'categories')) not null default 'products';`);
    this.addSql(`create index "import_job_kind_created_at_index" on "import_job" ("kind", "created_at", "id");`);

    // Edited by hand: the generator drops and adds; renamed instead, so imports checked before
    // the upgrade keep their rows (they are all product imports).
    this.addSql(`alter index "import_job_row_product_index" rename to "import_job_row_record_index";`);
    this.addSql(`alter table "import_job_row" rename column "sku" to "detail";`);
    this.addSql(`alter table "import_job_row" alter column "detail" type varchar(255);`);
    this.addSql(`alter table "import_job_row" rename column "product_id" to "record_id";`);
    this.addSql(`alter table "import_job_row" rename column "product_version" to "record_version";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "import_job_kind_created_at_index";`);
    this.addSql(`delete from "import_job" where "kind" <> 'products';`);
    this.addSql(`alter table "import_job" drop column "kind";`);

    this.addSql(`create index "import_job_created_at_index" on "import_job" ("created_at", "id");`);

    this.addSql(`alter index "import_job_row_record_index" rename to "import_job_row_product_index";`);
    this.addSql(`alter table "import_job_row" rename column "record_version" to "product_version";`);
    this.addSql(`alter table "import_job_row" rename column "record_id" to "product_id";`);
    this.addSql(`alter table "import_job_row" rename column "detail" to "sku";`);
    this.addSql(`alter table "import_job_row" alter column "sku" type varchar(100) using left("sku", 100);`);
  }

}
