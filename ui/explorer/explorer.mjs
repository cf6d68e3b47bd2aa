// explorer.mjs is the GraphQL explorer of /graphql: GraphiQL, talking to the
// same /graphql over HTTP (queries, mutations) and graphql-transport-ws
// (subscriptions), with the session cookie of the page. assets.mjs bundles it
// into static/dist/explorer.js and explorer.css; the page (ui/explorer.templ)
// loads it as an external script with the CSP nonce, and gives it in data
// attributes of #graphiql the endpoint, the schema's SDL, the editor's worker
// scripts and the example tabs (server/explorer.go, where the tests check them against the
// schema).
import "./nonce.mjs";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { GraphiQL } from "graphiql";
import { createGraphiQLFetcher } from "@graphiql/toolkit";
import { createClient } from "graphql-ws";
import { buildSchema } from "graphql";
import "graphiql/style.css";

const root = document.getElementById("graphiql");

if (root) {
  const workers = {
    editor: root.dataset.workerEditor,
    json: root.dataset.workerJson,
    graphql: root.dataset.workerGraphql,
  };
  globalThis.MonacoEnvironment = {
    getWorker(_id, label) {
      return new Worker(workers[label] ?? workers.editor, { name: label });
    },
  };

  const endpoint = new URL(root.dataset.endpoint || "/graphql", location.href);
  const socket = new URL(endpoint);
  socket.protocol = endpoint.protocol === "https:" ? "wss:" : "ws:";
  const fetcher = createGraphiQLFetcher({
    url: endpoint.href,
    wsClient: createClient({ url: socket.href, lazy: true }),
  });

  // The schema comes from its SDL file rather than from introspection,
  // whose standard query nests deeper than the API's depth limit.
  fetch(root.dataset.schema, { credentials: "same-origin" })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`schema: HTTP ${r.status}`))))
    .then((sdl) => buildSchema(sdl))
    .then(
      (schema) => mount(schema),
      (err) => {
        console.warn("explorer: the schema could not be loaded; completion is off", err);
        mount(null);
      },
    );

  function mount(schema) {
    const tabs = JSON.parse(root.dataset.tabs || "[]");
    root.textContent = "";
    createRoot(root).render(
      createElement(GraphiQL, {
        fetcher,
        schema,
        defaultTabs: tabs,
        // GraphiQL takes the first tab's query but not its variables.
        initialVariables: tabs[0]?.variables,
        defaultEditorToolsVisibility: "variables",
        shouldPersistHeaders: false,
      }),
    );
  }
}
