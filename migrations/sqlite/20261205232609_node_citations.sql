-- Create "node_citations" table
CREATE TABLE `node_citations` (`id` text NOT NULL, `problem_id` text NOT NULL, `claim_id` text NULL, `node_id` text NOT NULL, `account_id` text NOT NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "nodecitation_problem_id" to table: "node_citations"
CREATE INDEX `nodecitation_problem_id` ON `node_citations` (`problem_id`);
-- Create index "nodecitation_node_id" to table: "node_citations"
CREATE INDEX `nodecitation_node_id` ON `node_citations` (`node_id`);
-- Create index "nodecitation_claim_id" to table: "node_citations"
CREATE INDEX `nodecitation_claim_id` ON `node_citations` (`claim_id`);
