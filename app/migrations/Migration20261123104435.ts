import { Migration } from '@mikro-orm/migrations';

export class Migration20261123104435 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index customer_name_lower_index on customer (lower(last_name), lower(first_name), id);`);
    this.addSql(`create index customer_name_trgm on customer using gin ((first_name || ' ' || last_name) gin_trgm_ops);`);
    this.addSql(`create index customer_email_trgm on customer using gin (email gin_trgm_ops);`);

    this.addSql(`drop index "alert_is_read_index";`);

    this.addSql(`create index "alert_created_at_index" on "alert" ("created_at", "id");`);
    this.addSql(`create index "alert_is_read_created_at_index" on "alert" ("is_read", "created_at", "id");`);

    this.addSql(`create index "campaign_start_date_index" on "campaign" ("start_date", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "alert_created_at_index";`);
    this.addSql(`drop index "alert_is_read_created_at_index";`);

    this.addSql(`create index "alert_is_read_index" on "alert" ("is_read");`);

    this.addSql(`drop index "campaign_start_date_index";`);

    this.addSql(`drop index "customer_name_lower_index";`);
    this.addSql(`drop index "customer_name_trgm";`);
    this.addSql(`drop index "customer_email_trgm";`);
  }

}
