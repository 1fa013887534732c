import { Migration } from '@mikro-orm/migrations';

// The catalogue search reads a kept lower-case search_text column with one trigram index; the
// three single-column trigram indexes served nothing any more.
export class Migration20261123130202 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "product_brand_trgm";`);
    this.addSql(`drop index "product_name_trgm";`);
    this.addSql(`drop index "product_search_trgm";`);
    this.addSql(`drop index "product_sku_trgm";`);

    this.addSql(`alter table "product" add column "search_text" text generated always as (lower(name || ' ' || sku || ' ' || brand || ' ' || coalesce(ean::text, ''))) stored not null;`);
    this.addSql(`create index product_search_text_trgm on product using gin (search_text gin_trgm_ops);`);
    // Statistics for the new column at once, not at autovacuum's leisure: the planner needs them
    // to choose between the trigram index and the sort order's index.
    this.addSql(`analyze product;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "product_search_text_trgm";`);
    this.addSql(`alter table "product" drop column "search_text";`);

    this.addSql(`create index "product_brand_trgm" on "product" using gin ("brand" gin_trgm_ops);`);
    this.addSql(`create index "product_name_trgm" on "product" using gin ("name" gin_trgm_ops);`);
    this.addSql(`CREATE INDEX product_search_trgm ON public.product USING gin (((((((((name)::text || ' '::text) || (sku)::text) || ' '::text) || (brand)::text) || ' '::text) || (COALESCE(ean, ''::character varying))::text)) gin_trgm_ops);`);
    this.addSql(`create index "product_sku_trgm" on "product" using gin ("sku" gin_trgm_ops);`);
  }

}
