import { Migration } from '@mikro-orm/migrations';

export class Migration20261123155150_job_postings extends Migration {

  override name = 'Migration20261123155150_job_postings';

  override up(): void | Promise<void> {
    this.addSql(`create table "job_postings" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "tenant_id" uuid not null, "created_by_id" uuid null, "title" varchar(255) not null, "description" text null, "skills_description" text null, "company_name" varchar(255) null, "company_url" varchar(255) null, "location" varchar(255) null, "employment_status" varchar(32) null, "experience_level" varchar(32) null, "listing_type" varchar(255) null, "availability" varchar(255) null, "poster_email" varchar(255) null, "external_job_posting_id" varchar(255) null, "workplace_types" text[] not null, "industries" text[] not null, "categories" text[] not null, "meta" jsonb not null, "status" varchar(16) not null default 'DRAFT', "preferences" jsonb not null, "recruiter_ids" text[] not null, "interview_questions" jsonb not null, "published_at" timestamptz null, "applicant_count" int not null default 0, primary key ("id"));`);
    this.addSql(`create index "job_postings_deleted_at_index" on "job_postings" ("deleted_at");`);
    this.addSql(`create index "job_postings_tenant_status_idx" on "job_postings" ("tenant_id", "status");`);

    this.addSql(`create table "job_applications" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "job_posting_id" uuid not null, "name" varchar(255) not null, "email" varchar(255) not null, "answers" jsonb not null, "resume_key" varchar(255) null, "resume_name" varchar(255) null, "resume_type" varchar(100) null, "ielts_score" double precision null, "status" varchar(16) not null default 'NEW', "auto_rejected" boolean not null default false, primary key ("id"));`);
    this.addSql(`alter table "job_applications" add constraint "job_applications_posting_email_unique" unique ("job_posting_id", "email");`);

    this.addSql(`alter table "job_postings" add constraint "job_postings_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "job_postings" add constraint "job_postings_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "job_applications" add constraint "job_applications_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "job_applications" add constraint "job_applications_job_posting_id_foreign" foreign key ("job_posting_id") references "job_postings" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "job_applications" drop constraint "job_applications_job_posting_id_foreign";`);

    this.addSql(`drop table if exists "job_postings" cascade;`);
    this.addSql(`drop table if exists "job_applications" cascade;`);
  }

}
