import { Migration } from '@mikro-orm/migrations';

export class Migration20261123183935_tag_index extends Migration {

  override name = 'Migration20261123183935_tag_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "workshop_tags_tag_id_index" on "workshop_tags" ("tag_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "workshop_tags_tag_id_index";`);
  }

}
