import { Migration } from '@mikro-orm/migrations';

/**
 * A database that ran an earlier version of booking_questions_messages_inbox has the pages'
 * generation triggers on its tables; they call bump_page_generation, which page_changes drops
 * next: they go first. Their page-change triggers come in messages_page_changes.
 */
export class Migration20261128052200_messages_page_generation_off extends Migration {

  override name = 'Migration20261128052200_messages_page_generation_off';

  override up(): void | Promise<void> {
    this.addSql(`drop trigger if exists "inbox_items_page_generation" on "inbox_items";`);
    this.addSql(`drop trigger if exists "schedule_messages_page_generation" on "schedule_messages";`);
    this.addSql(`drop trigger if exists "schedule_message_deliveries_page_generation" on "schedule_message_deliveries";`);
    this.addSql(`drop trigger if exists "booking_messages_page_generation" on "booking_messages";`);
    this.addSql(`drop trigger if exists "conversation_readers_page_generation" on "conversation_readers";`);
  }

}
