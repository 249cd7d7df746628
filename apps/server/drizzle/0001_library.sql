CREATE TABLE "industries" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"synonyms" text[] DEFAULT '{}' NOT NULL,
	"adjacent" text[] DEFAULT '{}' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"founded_year" smallint,
	"aum_min" integer,
	"aum_max" integer,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"regions" text[] DEFAULT '{}' NOT NULL,
	"industries" text[] DEFAULT '{}' NOT NULL,
	"stages" smallint[] DEFAULT '{}' NOT NULL,
	"ticket_min" integer,
	"ticket_max" integer,
	"thesis" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"name_grams" text DEFAULT '' NOT NULL,
	"search_tokens" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutions_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "investors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"institution_id" bigint,
	"title" text DEFAULT '' NOT NULL,
	"industries" text[] DEFAULT '{}' NOT NULL,
	"stages" smallint[] DEFAULT '{}' NOT NULL,
	"ticket_min" integer,
	"ticket_max" integer,
	"regions" text[] DEFAULT '{}' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"wechat" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"name_grams" text DEFAULT '' NOT NULL,
	"search_tokens" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investors_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"external_id" text,
	"title" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"industries" text[] DEFAULT '{}' NOT NULL,
	"institution_ids" bigint[] DEFAULT '{}' NOT NULL,
	"project_ids" bigint[] DEFAULT '{}' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"search_tokens" text DEFAULT '' NOT NULL,
	CONSTRAINT "news_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "org_follows" (
	"user_id" bigint NOT NULL,
	"institution_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_follows_user_id_institution_id_pk" PRIMARY KEY("user_id","institution_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"industry_id" text NOT NULL,
	"industries" text[] DEFAULT '{}' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"stage" smallint DEFAULT 0 NOT NULL,
	"amount_sought" integer,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"province_code" text,
	"city_code" text,
	"founded_year" smallint,
	"description" text DEFAULT '' NOT NULL,
	"products" text DEFAULT '' NOT NULL,
	"team" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"patents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"latest_round_at" date,
	"latest_round_stage" smallint,
	"total_raised" integer,
	"owner_user_id" bigint,
	"is_demo" boolean DEFAULT false NOT NULL,
	"name_grams" text DEFAULT '' NOT NULL,
	"search_tokens" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" text PRIMARY KEY NOT NULL,
	"parent_code" text,
	"name" text NOT NULL,
	"short_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_pages" (
	"report_id" bigint NOT NULL,
	"page_no" integer NOT NULL,
	"text" text NOT NULL,
	"search_tokens" text DEFAULT '' NOT NULL,
	CONSTRAINT "report_pages_report_id_page_no_pk" PRIMARY KEY("report_id","page_no")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"external_id" text,
	"title" text NOT NULL,
	"publisher" text DEFAULT '' NOT NULL,
	"industry_id" text NOT NULL,
	"published_at" date NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"pdf_key" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"name_grams" text DEFAULT '' NOT NULL,
	"search_tokens" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "round_investors" (
	"round_id" bigint NOT NULL,
	"institution_id" bigint,
	"investor_id" bigint,
	"is_lead" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"date" date NOT NULL,
	"stage" smallint NOT NULL,
	"amount" integer,
	"amount_text" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text DEFAULT 'project' NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_projects" (
	"user_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"relation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_projects_user_id_project_id_relation_pk" PRIMARY KEY("user_id","project_id","relation")
);
--> statement-breakpoint
CREATE TABLE "view_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investors" ADD CONSTRAINT "investors_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_follows" ADD CONSTRAINT "org_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_follows" ADD CONSTRAINT "org_follows_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_pages" ADD CONSTRAINT "report_pages_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_investors" ADD CONSTRAINT "round_investors_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_investors" ADD CONSTRAINT "round_investors_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_investors" ADD CONSTRAINT "round_investors_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_projects" ADD CONSTRAINT "user_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_projects" ADD CONSTRAINT "user_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_events" ADD CONSTRAINT "view_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "institutions_name_grams_idx" ON "institutions" USING gin (to_tsvector('simple', "name_grams"));--> statement-breakpoint
CREATE INDEX "institutions_search_idx" ON "institutions" USING gin (to_tsvector('simple', "search_tokens"));--> statement-breakpoint
CREATE INDEX "institutions_industries_idx" ON "institutions" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "investors_institution_idx" ON "investors" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "investors_name_grams_idx" ON "investors" USING gin (to_tsvector('simple', "name_grams"));--> statement-breakpoint
CREATE INDEX "investors_search_idx" ON "investors" USING gin (to_tsvector('simple', "search_tokens"));--> statement-breakpoint
CREATE INDEX "investors_industries_idx" ON "investors" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "news_institutions_idx" ON "news" USING gin ("institution_ids");--> statement-breakpoint
CREATE INDEX "news_search_idx" ON "news" USING gin (to_tsvector('simple', "search_tokens"));--> statement-breakpoint
CREATE INDEX "projects_industry_stage_idx" ON "projects" USING btree ("industry_id","stage");--> statement-breakpoint
CREATE INDEX "projects_industries_idx" ON "projects" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "projects_latest_round_idx" ON "projects" USING btree ("latest_round_at");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "projects_name_grams_idx" ON "projects" USING gin (to_tsvector('simple', "name_grams"));--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin (to_tsvector('simple', "search_tokens"));--> statement-breakpoint
CREATE INDEX "report_pages_search_idx" ON "report_pages" USING gin (to_tsvector('simple', "search_tokens"));--> statement-breakpoint
CREATE INDEX "reports_industry_idx" ON "reports" USING btree ("industry_id","published_at");--> statement-breakpoint
CREATE INDEX "reports_search_idx" ON "reports" USING gin (to_tsvector('simple', "search_tokens"));--> statement-breakpoint
CREATE INDEX "round_investors_round_idx" ON "round_investors" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "round_investors_institution_idx" ON "round_investors" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "round_investors_investor_idx" ON "round_investors" USING btree ("investor_id");--> statement-breakpoint
CREATE INDEX "rounds_project_idx" ON "rounds" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "rounds_date_idx" ON "rounds" USING btree ("date");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "view_events_user_idx" ON "view_events" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "view_events_target_idx" ON "view_events" USING btree ("target_type","target_id","viewed_at");