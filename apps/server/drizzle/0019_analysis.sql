CREATE TABLE "analyses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"source" text NOT NULL,
	"project_id" bigint,
	"title" text DEFAULT '' NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"file_kind" text DEFAULT '' NOT NULL,
	"storage_key" text DEFAULT '' NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"fail_reason" text DEFAULT '' NOT NULL,
	"engine" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"report" jsonb,
	"content" text DEFAULT '' NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analyses_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_user_idx" ON "analyses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "analyses_project_idx" ON "analyses" USING btree ("project_id") WHERE "analyses"."project_id" is not null;