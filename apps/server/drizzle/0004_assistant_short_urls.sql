CREATE TABLE "short_urls" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_urls_target_unique" UNIQUE("target")
);
--> statement-breakpoint
CREATE TABLE "ai_search_interactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"search_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"hits" jsonb DEFAULT '{"projects":[],"institutions":[],"investors":[],"reports":[]}'::jsonb NOT NULL,
	"quotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'streaming' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" varchar(64) NOT NULL,
	"user_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" varchar(64) NOT NULL,
	"user_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"action" varchar(32) NOT NULL,
	"agent" varchar(32) NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"report_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"share_token" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"role" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"quotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"engine" varchar(16) DEFAULT '' NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"chat_uuid" varchar(64) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"quotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_turns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"chat_uuid" varchar(64) NOT NULL,
	"is_free" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"keyword" varchar(200) NOT NULL,
	"kind" text NOT NULL,
	"search_uuid" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_search_interactions" ADD CONSTRAINT "ai_search_interactions_search_id_ai_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."ai_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_searches" ADD CONSTRAINT "ai_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_turns" ADD CONSTRAINT "chat_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_searches" ADD CONSTRAINT "home_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_search_interactions_search_idx" ON "ai_search_interactions" USING btree ("search_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_searches_uuid_idx" ON "ai_searches" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "ai_searches_user_idx" ON "ai_searches" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "ai_searches_client_idx" ON "ai_searches" USING btree ("client_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_uuid_idx" ON "chat_conversations" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_share_idx" ON "chat_conversations" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("user_id","kind","updated_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_client_idx" ON "chat_conversations" USING btree ("client_id","kind","updated_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_reports_user_idx" ON "chat_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_turns_user_idx" ON "chat_turns" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_turns_client_idx" ON "chat_turns" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "home_searches_user_idx" ON "home_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "home_searches_client_idx" ON "home_searches" USING btree ("client_id","created_at");