// Subscribes to the moderation queue with the npm graphql-ws client, as a
// browser or an agent would, and prints one JSON line per update, then exits
// after COUNT updates (status 0) or after TIMEOUT_MS (status 1).
// The first line is {"subscribed":true} once the server acknowledged the
// connection and the subscription was sent.
// Usage: node graphqlws_client.mjs ws://127.0.0.1:PORT/graphql TOKEN COUNT TIMEOUT_MS
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const [url, token, count = '2', timeoutMs = '10000'] = process.argv.slice(2);
if (!url || !token) {
  console.error('usage: node graphqlws_client.mjs URL TOKEN [COUNT] [TIMEOUT_MS]');
  process.exit(2);
}
const want = Number(count);

const client = createClient({
  url,
  webSocketImpl: WebSocket,
  connectionParams: { authorization: `Bearer ${token}` },
  retryAttempts: 0,
  lazy: false,
  on: {
    connected: () => console.log(JSON.stringify({ connected: true })),
    closed: (e) => console.error(JSON.stringify({ closed: true, code: e?.code, reason: e?.reason })),
  },
});

const timer = setTimeout(() => {
  console.error(`timed out after ${timeoutMs} ms`);
  process.exit(1);
}, Number(timeoutMs));

const query = 'subscription { moderationQueue { kind case { id problem { id } } event { seq kind } } }';
let got = 0;
try {
  const updates = client.iterate({ query });
  console.log(JSON.stringify({ subscribed: true }));
  for await (const result of updates) {
    if (result.errors) {
      console.error(JSON.stringify({ errors: result.errors }));
      process.exit(1);
    }
    console.log(JSON.stringify({ at: Date.now(), ...result.data.moderationQueue }));
    if (++got >= want) break;
  }
} catch (err) {
  console.error(JSON.stringify({ error: String(err?.reason ?? err?.message ?? err) }));
  process.exit(1);
}
clearTimeout(timer);
await client.dispose();
process.exit(0);
