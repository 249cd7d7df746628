CREATE TABLE "teaser_follows" (
	"user_id" bigint NOT NULL,
	"teaser_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teaser_follows_user_id_teaser_id_pk" PRIMARY KEY("user_id","teaser_id")
);
--> statement-breakpoint
CREATE TABLE "teaser_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unlock_id" bigint NOT NULL,
	"sender_id" bigint,
	"content" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaser_order_children" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"target_investor_id" bigint NOT NULL,
	"target_name" varchar(100) DEFAULT '' NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"delivered_to" bigint,
	"delivered_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "teaser_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"orderno" varchar(40) NOT NULL,
	"user_id" bigint NOT NULL,
	"teaser_id" bigint NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"unit_credits" integer NOT NULL,
	"total_credits" integer NOT NULL,
	"refunded_credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teaser_orders_orderno_unique" UNIQUE("orderno"),
	CONSTRAINT "teaser_orders_refund_bound" CHECK ("teaser_orders"."refunded_credits" between 0 and "teaser_orders"."total_credits")
);
--> statement-breakpoint
CREATE TABLE "teaser_shares" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token" varchar(32) NOT NULL,
	"teaser_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teaser_shares_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "teaser_unlocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"teaser_id" bigint NOT NULL,
	"investor_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"via" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaser_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"teaser_id" bigint NOT NULL,
	"viewer_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"share_id" bigint,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"flushes" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teasers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"source" text NOT NULL,
	"project_id" bigint,
	"source_filename" varchar(255) DEFAULT '' NOT NULL,
	"source_text" text DEFAULT '' NOT NULL,
	"title" varchar(100) NOT NULL,
	"company_name" varchar(100) DEFAULT '' NOT NULL,
	"is_anonymous" boolean DEFAULT true NOT NULL,
	"industry_id" text DEFAULT '' NOT NULL,
	"industries" text[] DEFAULT '{}' NOT NULL,
	"stage" smallint DEFAULT 0 NOT NULL,
	"amount" integer,
	"region_code" text DEFAULT '' NOT NULL,
	"founded_year" smallint,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contacts" jsonb DEFAULT '{"name":"","phone":"","email":"","wechat":""}'::jsonb NOT NULL,
	"hidden_names" text[] DEFAULT '{}' NOT NULL,
	"engine" text DEFAULT '' NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teaser_follows" ADD CONSTRAINT "teaser_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_follows" ADD CONSTRAINT "teaser_follows_teaser_id_teasers_id_fk" FOREIGN KEY ("teaser_id") REFERENCES "public"."teasers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_messages" ADD CONSTRAINT "teaser_messages_unlock_id_teaser_unlocks_id_fk" FOREIGN KEY ("unlock_id") REFERENCES "public"."teaser_unlocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_messages" ADD CONSTRAINT "teaser_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_order_children" ADD CONSTRAINT "teaser_order_children_order_id_teaser_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."teaser_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_order_children" ADD CONSTRAINT "teaser_order_children_delivered_to_users_id_fk" FOREIGN KEY ("delivered_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_orders" ADD CONSTRAINT "teaser_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_orders" ADD CONSTRAINT "teaser_orders_teaser_id_teasers_id_fk" FOREIGN KEY ("teaser_id") REFERENCES "public"."teasers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_shares" ADD CONSTRAINT "teaser_shares_teaser_id_teasers_id_fk" FOREIGN KEY ("teaser_id") REFERENCES "public"."teasers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_shares" ADD CONSTRAINT "teaser_shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_unlocks" ADD CONSTRAINT "teaser_unlocks_teaser_id_teasers_id_fk" FOREIGN KEY ("teaser_id") REFERENCES "public"."teasers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_unlocks" ADD CONSTRAINT "teaser_unlocks_investor_id_users_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_unlocks" ADD CONSTRAINT "teaser_unlocks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_views" ADD CONSTRAINT "teaser_views_teaser_id_teasers_id_fk" FOREIGN KEY ("teaser_id") REFERENCES "public"."teasers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaser_views" ADD CONSTRAINT "teaser_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teasers" ADD CONSTRAINT "teasers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teasers" ADD CONSTRAINT "teasers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teaser_follows_user_idx" ON "teaser_follows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teaser_messages_unlock_idx" ON "teaser_messages" USING btree ("unlock_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaser_order_children_target" ON "teaser_order_children" USING btree ("order_id","target_investor_id");--> statement-breakpoint
CREATE INDEX "teaser_order_children_pending_idx" ON "teaser_order_children" USING btree ("status");--> statement-breakpoint
CREATE INDEX "teaser_orders_user_idx" ON "teaser_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "teaser_shares_teaser_idx" ON "teaser_shares" USING btree ("teaser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaser_unlocks_pair" ON "teaser_unlocks" USING btree ("teaser_id","investor_id");--> statement-breakpoint
CREATE INDEX "teaser_unlocks_owner_idx" ON "teaser_unlocks" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "teaser_unlocks_pending_idx" ON "teaser_unlocks" USING btree ("expires_at") WHERE "teaser_unlocks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "teaser_views_teaser_idx" ON "teaser_views" USING btree ("teaser_id","started_at");--> statement-breakpoint
CREATE INDEX "teaser_views_viewer_idx" ON "teaser_views" USING btree ("viewer_id","last_at");--> statement-breakpoint
CREATE INDEX "teasers_owner_idx" ON "teasers" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "teasers_online_idx" ON "teasers" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "teasers"."status" = 'published';--> statement-breakpoint
CREATE INDEX "teasers_industry_idx" ON "teasers" USING btree ("industry_id","published_at" DESC NULLS LAST) WHERE "teasers"."status" = 'published';