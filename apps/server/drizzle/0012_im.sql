CREATE TABLE "im_blocks" (
	"user_id" bigint NOT NULL,
	"blocked_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "im_blocks_user_id_blocked_user_id_pk" PRIMARY KEY("user_id","blocked_user_id")
);
--> statement-breakpoint
CREATE TABLE "im_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"pair_key" text,
	"name" varchar(60) DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"intro" varchar(400) DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"need_approval" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "im_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uploader_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"name" varchar(200) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "im_invites" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"created_by" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "im_join_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"message" varchar(200) DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "im_members" (
	"conversation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"read_seq" bigint DEFAULT 0 NOT NULL,
	"muted_until" timestamp with time zone,
	"is_notify_off" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "im_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "im_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"sender_id" bigint,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"file_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "im_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reporter_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"conversation_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"detail" varchar(1000) DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "im_blocks" ADD CONSTRAINT "im_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_blocks" ADD CONSTRAINT "im_blocks_blocked_user_id_users_id_fk" FOREIGN KEY ("blocked_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_conversations" ADD CONSTRAINT "im_conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_files" ADD CONSTRAINT "im_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_invites" ADD CONSTRAINT "im_invites_conversation_id_im_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."im_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_invites" ADD CONSTRAINT "im_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_join_requests" ADD CONSTRAINT "im_join_requests_conversation_id_im_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."im_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_join_requests" ADD CONSTRAINT "im_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_join_requests" ADD CONSTRAINT "im_join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_members" ADD CONSTRAINT "im_members_conversation_id_im_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."im_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_members" ADD CONSTRAINT "im_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_conversation_id_im_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."im_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_file_id_im_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."im_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_reports" ADD CONSTRAINT "im_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_reports" ADD CONSTRAINT "im_reports_message_id_im_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."im_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "im_conversations_pair_key" ON "im_conversations" USING btree ("pair_key") WHERE "im_conversations"."pair_key" is not null;--> statement-breakpoint
CREATE INDEX "im_conversations_square_idx" ON "im_conversations" USING btree ("member_count","id") WHERE "im_conversations"."is_public";--> statement-breakpoint
CREATE INDEX "im_files_uploader_idx" ON "im_files" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "im_invites_conversation_idx" ON "im_invites" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "im_join_requests_pending_key" ON "im_join_requests" USING btree ("conversation_id","user_id") WHERE "im_join_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "im_join_requests_conversation_idx" ON "im_join_requests" USING btree ("conversation_id","status");--> statement-breakpoint
CREATE INDEX "im_members_user_idx" ON "im_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "im_messages_conversation_seq_key" ON "im_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "im_messages_client_id_key" ON "im_messages" USING btree ("conversation_id","sender_id","client_id") WHERE "im_messages"."client_id" <> '';--> statement-breakpoint
CREATE INDEX "im_messages_sender_idx" ON "im_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "im_messages_file_idx" ON "im_messages" USING btree ("file_id") WHERE "im_messages"."file_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "im_reports_reporter_message_key" ON "im_reports" USING btree ("reporter_id","message_id");--> statement-breakpoint
CREATE INDEX "im_reports_status_idx" ON "im_reports" USING btree ("status","created_at");