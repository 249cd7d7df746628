CREATE TABLE "kb_chunk_vectors" (
	"file_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	"model" text NOT NULL,
	"vector" real[] NOT NULL,
	CONSTRAINT "kb_chunk_vectors_file_id_idx_pk" PRIMARY KEY("file_id","idx")
);
--> statement-breakpoint
CREATE TABLE "kb_chunks" (
	"file_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	"page_no" integer NOT NULL,
	"page_label" varchar(100) DEFAULT '' NOT NULL,
	"heading_path" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"is_table" boolean DEFAULT false NOT NULL,
	"tokens" text DEFAULT '' NOT NULL,
	CONSTRAINT "kb_chunks_file_id_idx_pk" PRIMARY KEY("file_id","idx")
);
--> statement-breakpoint
CREATE TABLE "kb_collection_files" (
	"collection_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kb_collection_files_collection_id_file_id_pk" PRIMARY KEY("collection_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "kb_collections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" varchar(64) NOT NULL,
	"user_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collection_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor" varchar(80) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint,
	"source_file_id" bigint,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"filename" varchar(255) DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"sha256" varchar(64) DEFAULT '' NOT NULL,
	"storage_key" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"fail_reason" text DEFAULT '' NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"parse_version" integer DEFAULT 1 NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"price_credits" integer DEFAULT 0 NOT NULL,
	"report_id" bigint,
	"is_demo" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_files_price_nonneg" CHECK ("kb_files"."price_credits" >= 0),
	CONSTRAINT "kb_files_progress_range" CHECK ("kb_files"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "kb_income" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" varchar(80) NOT NULL,
	"kind" text NOT NULL,
	"file_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"payer_id" bigint NOT NULL,
	"credits" integer NOT NULL,
	"day" date NOT NULL,
	"file_title" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_income_credits_positive" CHECK ("kb_income"."credits" > 0)
);
--> statement-breakpoint
CREATE TABLE "kb_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"role" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"quotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"engine" varchar(16) DEFAULT '' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_pages" (
	"file_id" bigint NOT NULL,
	"page_no" integer NOT NULL,
	"label" varchar(100) DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"is_scanned" boolean DEFAULT false NOT NULL,
	CONSTRAINT "kb_pages_file_id_page_no_pk" PRIMARY KEY("file_id","page_no")
);
--> statement-breakpoint
CREATE TABLE "kb_unlocks" (
	"user_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_unlocks_user_id_file_id_pk" PRIMARY KEY("user_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "kb_chunk_vectors" ADD CONSTRAINT "kb_chunk_vectors_file_id_kb_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."kb_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_chunks" ADD CONSTRAINT "kb_chunks_file_id_kb_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."kb_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_collection_files" ADD CONSTRAINT "kb_collection_files_collection_id_kb_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."kb_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_collection_files" ADD CONSTRAINT "kb_collection_files_file_id_kb_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."kb_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_collections" ADD CONSTRAINT "kb_collections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_conversations" ADD CONSTRAINT "kb_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_conversations" ADD CONSTRAINT "kb_conversations_collection_id_kb_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."kb_collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_events" ADD CONSTRAINT "kb_events_file_id_kb_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."kb_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_files" ADD CONSTRAINT "kb_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_files" ADD CONSTRAINT "kb_files_source_file_id_kb_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."kb_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_files" ADD CONSTRAINT "kb_files_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_income" ADD CONSTRAINT "kb_income_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_messages" ADD CONSTRAINT "kb_messages_conversation_id_kb_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."kb_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_pages" ADD CONSTRAINT "kb_pages_file_id_kb_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."kb_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_unlocks" ADD CONSTRAINT "kb_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_unlocks" ADD CONSTRAINT "kb_unlocks_file_id_kb_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."kb_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kb_chunks_search_idx" ON "kb_chunks" USING gin (to_tsvector('simple', "tokens"));--> statement-breakpoint
CREATE INDEX "kb_collection_files_file_idx" ON "kb_collection_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "kb_collections_owner_idx" ON "kb_collections" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "kb_collections_public_idx" ON "kb_collections" USING btree ("visibility","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_conversations_uuid_key" ON "kb_conversations" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "kb_conversations_user_idx" ON "kb_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "kb_conversations_client_idx" ON "kb_conversations" USING btree ("client_id","updated_at");--> statement-breakpoint
CREATE INDEX "kb_events_recent_idx" ON "kb_events" USING btree ("created_at","kind");--> statement-breakpoint
CREATE INDEX "kb_events_file_idx" ON "kb_events" USING btree ("file_id","kind");--> statement-breakpoint
CREATE INDEX "kb_files_owner_idx" ON "kb_files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "kb_files_square_idx" ON "kb_files" USING btree ("visibility","status","published_at");--> statement-breakpoint
CREATE INDEX "kb_files_source_idx" ON "kb_files" USING btree ("source_file_id");--> statement-breakpoint
CREATE INDEX "kb_files_pending_idx" ON "kb_files" USING btree ("status","status_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_files_owner_sha_key" ON "kb_files" USING btree ("owner_id","sha256") WHERE "kb_files"."source_file_id" is null and "kb_files"."owner_id" is not null and "kb_files"."sha256" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "kb_files_owner_copy_key" ON "kb_files" USING btree ("owner_id","source_file_id") WHERE "kb_files"."source_file_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "kb_files_report_key" ON "kb_files" USING btree ("report_id") WHERE "kb_files"."report_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "kb_income_reference_file_key" ON "kb_income" USING btree ("reference","file_id");--> statement-breakpoint
CREATE INDEX "kb_income_owner_idx" ON "kb_income" USING btree ("owner_id","day");--> statement-breakpoint
CREATE INDEX "kb_messages_conversation_idx" ON "kb_messages" USING btree ("conversation_id","id");