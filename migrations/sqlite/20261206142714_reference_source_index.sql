-- Create index "reference_source_id" to table: "references"
CREATE INDEX `reference_source_id` ON `references` (`source_id`);
-- Create index "corpusreference_source_id" to table: "corpus_references"
CREATE INDEX `corpusreference_source_id` ON `corpus_references` (`source_id`);
