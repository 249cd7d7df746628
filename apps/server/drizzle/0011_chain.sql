CREATE TABLE "chain_analyses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"chain_id" text NOT NULL,
	"node_id" text,
	"engine" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"generation" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_builds" (
	"generation" bigserial PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'building' NOT NULL,
	"fingerprint" text NOT NULL,
	"projects" integer DEFAULT 0 NOT NULL,
	"institutions" integer DEFAULT 0 NOT NULL,
	"placements" integer DEFAULT 0 NOT NULL,
	"ms" integer,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"chain_id" text NOT NULL,
	"parent_id" text,
	"segment" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sub_industries" text[] DEFAULT '{}' NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"feeds" text[] DEFAULT '{}' NOT NULL,
	"is_sparse" boolean DEFAULT false NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_placements" (
	"generation" bigint NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"chain_id" text NOT NULL,
	"confidence" real NOT NULL,
	"matched" text[] DEFAULT '{}' NOT NULL,
	"latest_round_at" date,
	CONSTRAINT "chain_placements_generation_entity_type_node_id_entity_id_pk" PRIMARY KEY("generation","entity_type","node_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "chain_segments" (
	"chain_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"sort" smallint NOT NULL,
	CONSTRAINT "chain_segments_chain_id_key_pk" PRIMARY KEY("chain_id","key")
);
--> statement-breakpoint
CREATE TABLE "chain_versions" (
	"chain_id" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"source" text NOT NULL,
	"hash" varchar(32) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_versions_chain_id_version_pk" PRIMARY KEY("chain_id","version")
);
--> statement-breakpoint
CREATE TABLE "chains" (
	"id" text PRIMARY KEY NOT NULL,
	"industry_id" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_analyses" ADD CONSTRAINT "chain_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_nodes" ADD CONSTRAINT "chain_nodes_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_segments" ADD CONSTRAINT "chain_segments_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_versions" ADD CONSTRAINT "chain_versions_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_analyses_user_idx" ON "chain_analyses" USING btree ("user_id","chain_id","created_at");--> statement-breakpoint
CREATE INDEX "chain_analyses_client_idx" ON "chain_analyses" USING btree ("client_id","chain_id","created_at");--> statement-breakpoint
CREATE INDEX "chain_nodes_chain_idx" ON "chain_nodes" USING btree ("chain_id","sort");--> statement-breakpoint
CREATE INDEX "chain_placements_node_latest_idx" ON "chain_placements" USING btree ("generation","entity_type","node_id","latest_round_at" desc nulls last,"entity_id" desc);--> statement-breakpoint
CREATE INDEX "chain_placements_entity_idx" ON "chain_placements" USING btree ("generation","entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "chain_placements_chain_idx" ON "chain_placements" USING btree ("generation","chain_id","entity_type");