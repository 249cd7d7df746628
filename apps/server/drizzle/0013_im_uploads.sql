ALTER TABLE "im_messages" DROP CONSTRAINT "im_messages_file_id_im_files_id_fk";
--> statement-breakpoint
DROP INDEX "im_messages_file_idx";--> statement-breakpoint
ALTER TABLE "im_messages" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_upload_id_uploaded_files_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "im_messages_upload_idx" ON "im_messages" USING btree ("upload_id") WHERE "im_messages"."upload_id" is not null;--> statement-breakpoint
ALTER TABLE "im_messages" DROP COLUMN "file_id";