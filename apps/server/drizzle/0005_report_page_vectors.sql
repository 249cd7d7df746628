CREATE TABLE "report_page_vectors" (
	"report_id" bigint NOT NULL,
	"page_no" integer NOT NULL,
	"model" text NOT NULL,
	"dims" integer NOT NULL,
	"vector" real[] NOT NULL,
	"content_hash" varchar(32) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_page_vectors_report_id_page_no_pk" PRIMARY KEY("report_id","page_no")
);
--> statement-breakpoint
ALTER TABLE "report_page_vectors" ADD CONSTRAINT "report_page_vectors_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;