// changes.js keeps /changes live: it subscribes, over a websocket
// (graphql-transport-ws), to changeRequestEvents of each request on the
// page and, when one of them changes state or gate results, reloads the
// list from the server (/changes?fragment=1) and subscribes to any request
// that was not on the page before. Without scripts the page works as it
// is, with a refresh link.
(function () {
  "use strict";
  var box = document.querySelector("[data-live-changes]");
  var status = document.getElementById("live-status");
  if (!box || !window.WebSocket || !window.fetch) return;

  function say(text) {
    if (status) status.textContent = text;
  }

  var ws = null;
  var watched = {}; // request ID to true once subscribed on the current socket
  var greeted = {}; // request ID to true once its subscription sent its first value
  var asked = 0, applied = 0;

  function watch() {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    box.querySelectorAll("[data-change-request]").forEach(function (el) {
      var id = el.getAttribute("data-change-request");
      if (watched[id]) return;
      watched[id] = true;
      ws.send(JSON.stringify({
        id: id, type: "subscribe",
        payload: { query: "subscription($id: ID!) { changeRequestEvents(id: $id) { id state } }", variables: { id: id } }
      }));
    });
  }

  function refresh() {
    var n = ++asked;
    fetch("/changes?fragment=1", { credentials: "same-origin" })
      .then(function (r) {
        if (!r.ok) throw new Error("status " + r.status);
        return r.text();
      })
      .then(function (html) {
        if (n < applied) return; // a later refresh answered first
        applied = n;
        box.innerHTML = html;
        // math.js renders the TeX of the new list.
        box.dispatchEvent(new CustomEvent("theoremdb:content", { bubbles: true }));
        watch();
      })
      .catch(function () {
        say("Could not reload the requests; use the refresh link.");
      });
  }

  function shown(id) {
    var el = box.querySelector('[data-change-request="' + id + '"]');
    return el ? el.getAttribute("data-state") : "";
  }

  var delay = 1000;
  function connect() {
    var scheme = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(scheme + "//" + location.host + "/graphql", "graphql-transport-ws");
    watched = {};
    greeted = {};
    ws.onopen = function () {
      ws.send(JSON.stringify({ type: "connection_init", payload: {} }));
    };
    ws.onmessage = function (e) {
      var m;
      try {
        m = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      if (m.type === "connection_ack") {
        delay = 1000;
        say("Live: gate results appear here as the gates run.");
        watch();
        return;
      }
      if (m.type === "next" && m.payload && m.payload.data && m.payload.data.changeRequestEvents) {
        var cr = m.payload.data.changeRequestEvents;
        // The first value is the request as it stood when the subscription
        // began, which the page may already show; every later one is a
        // change of its state or of its gate results (a revised request can
        // fail again in the same state at another gate), so the list is
        // read again whatever the state says.
        var first = !greeted[cr.id];
        greeted[cr.id] = true;
        if (!first || cr.state !== shown(cr.id) || cr.state === "PENDING") refresh();
      }
    };
    ws.onclose = function () {
      say("Live updates paused; reconnecting. The refresh link still works.");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  }
  connect();
})();
