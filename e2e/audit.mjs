// Runs the graphql-http audit (GraphQL over HTTP specification) against a
// server and prints one JSON line per result; exits 1 on any MUST failure.
// Usage: node audit.mjs http://127.0.0.1:PORT/graphql
import { auditServer } from 'graphql-http';

const url = process.argv[2];
if (!url) {
  console.error('usage: node audit.mjs URL');
  process.exit(2);
}
const results = await auditServer({ url });
let mustFailures = 0;
for (const r of results) {
  const line = { id: r.id, name: r.name, status: r.status };
  if (r.status !== 'ok') {
    line.reason = r.reason;
    if (r.name.startsWith('MUST')) mustFailures++;
  }
  console.log(JSON.stringify(line));
}
console.log(JSON.stringify({ summary: true, total: results.length, mustFailures }));
process.exit(mustFailures > 0 ? 1 : 0);
