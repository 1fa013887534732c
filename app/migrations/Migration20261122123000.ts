import { Migration } from '@mikro-orm/migrations';

// Written by hand: the schema diff does not see expression indexes. One trigram index over the
// whole search text (see productSearchDocument), and indexes for the list's sort orders.
export class Migration20261122123000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index if exists product_ean_trgm;`);
    this.addSql(`create index product_search_trgm on product using gin ((name || ' ' || sku || ' ' || brand || ' ' || coalesce(ean, '')) gin_trgm_ops);`);
    this.addSql(`create index product_created_at_index on product (created_at);`);
    this.addSql(`create index product_name_lower_index on product (lower(name));`);
    this.addSql(`create index product_selling_price_index on product (selling_price);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists product_search_trgm;`);
    this.addSql(`drop index if exists product_created_at_index;`);
    this.addSql(`drop index if exists product_name_lower_index;`);
    this.addSql(`drop index if exists product_selling_price_index;`);
    this.addSql(`create index product_ean_trgm on product using gin (ean gin_trgm_ops);`);
  }

}
