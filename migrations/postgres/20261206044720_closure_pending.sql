-- Modify "corpus_nodes" table
ALTER TABLE "corpus_nodes" ADD COLUMN "closure_pending" boolean NOT NULL DEFAULT false, ADD COLUMN "closure_generation" bigint NOT NULL DEFAULT 0;
