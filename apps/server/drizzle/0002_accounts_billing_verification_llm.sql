CREATE TABLE "client_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_bans" (
	"ip" text PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_logins" (
	"code" text PRIMARY KEY NOT NULL,
	"poller_hash" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"kind" text DEFAULT 'web' NOT NULL,
	"user_id" bigint,
	"polls" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"phone" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"role" smallint NOT NULL,
	"company" varchar(60) NOT NULL,
	"title" varchar(30) NOT NULL,
	"address" varchar(100) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"brief" varchar(500) DEFAULT '' NOT NULL,
	"stage" smallint,
	"industry" varchar(30) DEFAULT '' NOT NULL,
	"fund_size" double precision,
	"period" varchar(20) DEFAULT '' NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"org_id" varchar(64) DEFAULT '' NOT NULL,
	"org_name" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_tokens" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" varchar(64) NOT NULL,
	"type" varchar(32) DEFAULT '' NOT NULL,
	"param" varchar(500) DEFAULT '' NOT NULL,
	"first_path" varchar(300) DEFAULT '' NOT NULL,
	"prev_path" varchar(300) DEFAULT '' NOT NULL,
	"last_path" varchar(300) DEFAULT '' NOT NULL,
	"is_mobile" boolean DEFAULT false NOT NULL,
	"ext" varchar(1000) DEFAULT '' NOT NULL,
	"first_param" varchar(500) DEFAULT '' NOT NULL,
	"last_param" varchar(500) DEFAULT '' NOT NULL,
	"action_id" varchar(64) DEFAULT '' NOT NULL,
	"user_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" varchar(300) NOT NULL,
	"pathname" varchar(100) DEFAULT '' NOT NULL,
	"first_path" varchar(300) DEFAULT '' NOT NULL,
	"prev_path" varchar(300) DEFAULT '' NOT NULL,
	"last_path" varchar(300) DEFAULT '' NOT NULL,
	"first_param" varchar(500) DEFAULT '' NOT NULL,
	"last_param" varchar(500) DEFAULT '' NOT NULL,
	"is_mobile" boolean DEFAULT false NOT NULL,
	"user_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_remains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" varchar(300) NOT NULL,
	"pathname" varchar(100) DEFAULT '' NOT NULL,
	"stt" integer NOT NULL,
	"is_mobile" boolean DEFAULT false NOT NULL,
	"user_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"event" varchar(32) NOT NULL,
	"source" varchar(16) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"ocr_engine" text NOT NULL,
	"ocr_ms" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"mean_confidence" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"size" integer,
	"content_type" text
);
--> statement-breakpoint
CREATE TABLE "verification_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"status" text DEFAULT 'dialogue' NOT NULL,
	"state" jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"review_note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	"msgtype" text DEFAULT 'text' NOT NULL,
	"content" text NOT NULL,
	"homequery" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_rate_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_credits_nonneg" CHECK ("balances"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"order_id" bigint,
	"idempotency_key" text,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "pay_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"orderno" text NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"product" text NOT NULL,
	"description" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_txn_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "pay_orders_orderno_unique" UNIQUE("orderno"),
	CONSTRAINT "pay_orders_amount_positive" CHECK ("pay_orders"."amount_fen" > 0),
	CONSTRAINT "pay_orders_credits_nonneg" CHECK ("pay_orders"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"days" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "vip_periods_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "llm_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"client_id" text,
	"purpose" text DEFAULT '' NOT NULL,
	"engine" text NOT NULL,
	"model" text NOT NULL,
	"prompt_tokens" integer NOT NULL,
	"completion_tokens" integer NOT NULL,
	"is_estimated" boolean DEFAULT false NOT NULL,
	"finish_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invite_code" text DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 12)) NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_by" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wechat_openid" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wechat_unionid" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_download" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', name_grams)) STORED;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_tokens)) STORED;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', name_grams)) STORED;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_tokens)) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', name_grams)) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_tokens)) STORED;--> statement-breakpoint
ALTER TABLE "qr_logins" ADD CONSTRAINT "qr_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_events" ADD CONSTRAINT "track_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_page_views" ADD CONSTRAINT "track_page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_remains" ADD CONSTRAINT "track_remains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_cards" ADD CONSTRAINT "business_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_uploads" ADD CONSTRAINT "card_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_cases" ADD CONSTRAINT "verification_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_cases" ADD CONSTRAINT "verification_cases_card_id_business_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_messages" ADD CONSTRAINT "verification_messages_case_id_verification_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."verification_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_messages" ADD CONSTRAINT "verification_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_rate_events" ADD CONSTRAINT "verification_rate_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_pay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_periods" ADD CONSTRAINT "vip_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_periods" ADD CONSTRAINT "vip_periods_order_id_pay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_usage" ADD CONSTRAINT "llm_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_logins_created_idx" ON "qr_logins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rate_counters_reset_idx" ON "rate_counters" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "track_events_created_idx" ON "track_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "track_events_action_idx" ON "track_events" USING btree ("action");--> statement-breakpoint
CREATE INDEX "track_page_views_created_idx" ON "track_page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "track_remains_created_idx" ON "track_remains" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_events_user_idx" ON "user_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_events_event_idx" ON "user_events" USING btree ("event");--> statement-breakpoint
CREATE INDEX "business_cards_user_idx" ON "business_cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_uploads_key_key" ON "card_uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "card_uploads_user_idx" ON "card_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_cases_user_idx" ON "verification_cases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_cases_status_idx" ON "verification_cases" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "verification_messages_user_idx" ON "verification_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "verification_rate_events_idx" ON "verification_rate_events" USING btree ("user_id","action","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","currency","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_reference_idx" ON "ledger_entries" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key") WHERE "ledger_entries"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_order_once" ON "ledger_entries" USING btree ("order_id","currency","kind") WHERE "ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "pay_orders_user_idx" ON "pay_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pay_orders_open_idx" ON "pay_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "vip_periods_user_idx" ON "vip_periods" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "llm_usage_user_idx" ON "llm_usage" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "llm_usage_created_idx" ON "llm_usage" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_key" ON "users" USING btree ("invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_openid_key" ON "users" USING btree ("wechat_openid") WHERE "users"."wechat_openid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_unionid_key" ON "users" USING btree ("wechat_unionid") WHERE "users"."wechat_unionid" is not null;--> statement-breakpoint
CREATE INDEX "institutions_name_vector_idx" ON "institutions" USING gin ("name_vector");--> statement-breakpoint
CREATE INDEX "institutions_search_vector_idx" ON "institutions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "investors_name_vector_idx" ON "investors" USING gin ("name_vector");--> statement-breakpoint
CREATE INDEX "investors_search_vector_idx" ON "investors" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "projects_name_vector_idx" ON "projects" USING gin ("name_vector");--> statement-breakpoint
CREATE INDEX "projects_search_vector_idx" ON "projects" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "projects_latest_sort_idx" ON "projects" USING btree ("latest_round_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_amount_sort_idx" ON "projects" USING btree ("amount_sought" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_stage_idx" ON "projects" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "projects_province_idx" ON "projects" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "projects_city_idx" ON "projects" USING btree ("city_code");