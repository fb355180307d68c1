import { Migration } from '@mikro-orm/migrations';

/**
 * The page-change triggers of the questions', messages' and notification centre's tables
 * (migration page_changes' notes): a person's notification items, schedule message deliveries
 * and conversation read marks change that person's pages; schedule messages and booking
 * conversations change their team's. Drops the pages' generation triggers a database that ran
 * an earlier version of booking_questions_messages_inbox may still have.
 */
export class Migration20261128062000_messages_page_changes extends Migration {

  override name = 'Migration20261128062000_messages_page_changes';

  override up(): void | Promise<void> {
    this.addSql(`drop trigger if exists "inbox_items_page_generation" on "inbox_items";`);
    this.addSql(`create trigger inbox_items_page_changes_i after insert on inbox_items referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger inbox_items_page_changes_u after update on inbox_items referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger inbox_items_page_changes_d after delete on inbox_items referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger inbox_items_page_changes_t after truncate on inbox_items
  for each statement execute function note_page_changes();`);

    this.addSql(`drop trigger if exists "schedule_messages_page_generation" on "schedule_messages";`);
    this.addSql(`create trigger schedule_messages_page_changes_i after insert on schedule_messages referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger schedule_messages_page_changes_u after update on schedule_messages referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger schedule_messages_page_changes_d after delete on schedule_messages referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger schedule_messages_page_changes_t after truncate on schedule_messages
  for each statement execute function note_page_changes();`);

    this.addSql(`drop trigger if exists "schedule_message_deliveries_page_generation" on "schedule_message_deliveries";`);
    this.addSql(`create trigger schedule_message_deliveries_page_changes_i after insert on schedule_message_deliveries referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger schedule_message_deliveries_page_changes_u after update on schedule_message_deliveries referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger schedule_message_deliveries_page_changes_d after delete on schedule_message_deliveries referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger schedule_message_deliveries_page_changes_t after truncate on schedule_message_deliveries
  for each statement execute function note_page_changes();`);

    this.addSql(`drop trigger if exists "booking_messages_page_generation" on "booking_messages";`);
    this.addSql(`create trigger booking_messages_page_changes_i after insert on booking_messages referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger booking_messages_page_changes_u after update on booking_messages referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger booking_messages_page_changes_d after delete on booking_messages referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger booking_messages_page_changes_t after truncate on booking_messages
  for each statement execute function note_page_changes();`);

    this.addSql(`drop trigger if exists "conversation_readers_page_generation" on "conversation_readers";`);
    this.addSql(`create trigger conversation_readers_page_changes_i after insert on conversation_readers referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger conversation_readers_page_changes_u after update on conversation_readers referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger conversation_readers_page_changes_d after delete on conversation_readers referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger conversation_readers_page_changes_t after truncate on conversation_readers
  for each statement execute function note_page_changes();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "inbox_items_page_changes_i" on "inbox_items";`);
    this.addSql(`drop trigger if exists "inbox_items_page_changes_u" on "inbox_items";`);
    this.addSql(`drop trigger if exists "inbox_items_page_changes_d" on "inbox_items";`);
    this.addSql(`drop trigger if exists "inbox_items_page_changes_t" on "inbox_items";`);

    this.addSql(`drop trigger if exists "schedule_messages_page_changes_i" on "schedule_messages";`);
    this.addSql(`drop trigger if exists "schedule_messages_page_changes_u" on "schedule_messages";`);
    this.addSql(`drop trigger if exists "schedule_messages_page_changes_d" on "schedule_messages";`);
    this.addSql(`drop trigger if exists "schedule_messages_page_changes_t" on "schedule_messages";`);

    this.addSql(`drop trigger if exists "schedule_message_deliveries_page_changes_i" on "schedule_message_deliveries";`);
    this.addSql(`drop trigger if exists "schedule_message_deliveries_page_changes_u" on "schedule_message_deliveries";`);
    this.addSql(`drop trigger if exists "schedule_message_deliveries_page_changes_d" on "schedule_message_deliveries";`);
    this.addSql(`drop trigger if exists "schedule_message_deliveries_page_changes_t" on "schedule_message_deliveries";`);

    this.addSql(`drop trigger if exists "booking_messages_page_changes_i" on "booking_messages";`);
    this.addSql(`drop trigger if exists "booking_messages_page_changes_u" on "booking_messages";`);
    this.addSql(`drop trigger if exists "booking_messages_page_changes_d" on "booking_messages";`);
    this.addSql(`drop trigger if exists "booking_messages_page_changes_t" on "booking_messages";`);

    this.addSql(`drop trigger if exists "conversation_readers_page_changes_i" on "conversation_readers";`);
    this.addSql(`drop trigger if exists "conversation_readers_page_changes_u" on "conversation_readers";`);
    this.addSql(`drop trigger if exists "conversation_readers_page_changes_d" on "conversation_readers";`);
    this.addSql(`drop trigger if exists "conversation_readers_page_changes_t" on "conversation_readers";`);
  }

}
