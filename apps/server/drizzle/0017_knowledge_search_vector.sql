DROP INDEX "kb_chunks_search_idx";--> statement-breakpoint
ALTER TABLE "kb_chunks" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', tokens)) STORED;--> statement-breakpoint
CREATE INDEX "kb_chunks_search_vector_idx" ON "kb_chunks" USING gin ("search_vector");