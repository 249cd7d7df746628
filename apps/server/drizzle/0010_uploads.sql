CREATE TABLE "upload_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"slice_size" integer NOT NULL,
	"slice_count" integer NOT NULL,
	"slices_received" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"storage_key" text,
	"file_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"filename" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_tickets" ADD CONSTRAINT "upload_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_tickets_user_idx" ON "upload_tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "upload_tickets_state_idx" ON "upload_tickets" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "uploaded_files_user_idx" ON "uploaded_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploaded_files_hash_idx" ON "uploaded_files" USING btree ("user_id","sha256");