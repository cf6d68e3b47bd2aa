// moderate.js keeps the moderation queue live: it subscribes to the
// moderationQueue over a websocket (graphql-transport-ws, authenticated by
// the session cookie) and, on every update, reloads the list of cases from
// the server. The subscription resumes after the newest event the list
// reflects (the page's data-after, then each update's), so a report made
// while the socket opens or reconnects is not missed. One reload runs at a
// time; updates that arrive while it is under way are answered by one more.
// A reload that brings the list the page shows (the server names each list
// with a version) leaves the page alone, and one that changes it
// keeps what the moderator was typing, and where. A case that was not on the
// page before is marked "New" and announced in the polite live region
// (#case-announcer) for screen readers. Without scripts the page works as it
// is, with a refresh link. Once the moderator submits one of the list's forms
// the page is on its way to the answer, and the list stays as they saw it.
(function () {
  "use strict";
  var box = document.querySelector("[data-live-moderation]");
  var status = document.getElementById("live-status");
  var announcer = document.getElementById("case-announcer");
  if (!box || !window.WebSocket || !window.fetch) return;

  function say(text) {
    if (status) status.textContent = text;
  }

  var leaving = false; // a form of the list was submitted
  // On the document, so that it hears a submission after the form's and the list's own
  // listeners, and knows whether one of them cancelled it.
  document.addEventListener("submit", function (e) {
    if (!e.defaultPrevented && box.contains(e.target)) leaving = true;
  });
  // Back to this page from the browser's cache: the list lives again.
  window.addEventListener("pageshow", function (e) {
    if (e.persisted && leaving) {
      leaving = false;
      refreshSoon();
    }
  });

  var loading = false, again = false; // a reload under way, and another wanted after it
  function refreshSoon() {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    refresh().then(function () {
      loading = false;
      if (again) {
        again = false;
        refreshSoon();
      }
    });
  }

  function refresh() {
    var version = "";
    return fetch("/moderate?fragment=1", { credentials: "same-origin" })
      .then(function (r) {
        if (!r.ok) throw new Error("status " + r.status);
        version = r.headers.get("X-Content-Version") || "";
        return r.text();
      })
      .then(function (html) {
        // The list the page shows already: leave it, and what is under the pointer.
        if (leaving) return; // the page is going
        if (version && version === box.getAttribute("data-version")) return;
        box.setAttribute("data-version", version);
        var typed = {};
        box.querySelectorAll("textarea[id]").forEach(function (el) {
          if (el.value) typed[el.id] = el.value;
        });
        var active = document.activeElement;
        var focus = active && active.id && box.contains(active) ? active.id : "";
        var caret = focus ? [active.selectionStart, active.selectionEnd] : null;
        var before = {};
        box.querySelectorAll("[data-case]").forEach(function (el) {
          before[el.getAttribute("data-case")] = true;
        });
        box.innerHTML = html;
        markArrivals(before);
        Object.keys(typed).forEach(function (id) {
          var el = document.getElementById(id);
          if (el && box.contains(el)) el.value = typed[id];
        });
        var el = focus && document.getElementById(focus);
        if (el && box.contains(el)) {
          el.focus();
          if (caret && el.setSelectionRange) el.setSelectionRange(caret[0], caret[1]);
        }
        // math.js renders the TeX of the new cases.
        box.dispatchEvent(new CustomEvent("theoremdb:content", { bubbles: true }));
      })
      .catch(function () {
        say("Could not reload the cases; use the refresh link.");
      });
  }

  // markArrivals highlights the cases that were not on the page before and
  // announces them, once, in the live region.
  function markArrivals(before) {
    var names = [];
    box.querySelectorAll("[data-case]").forEach(function (el) {
      if (before[el.getAttribute("data-case")]) return;
      el.classList.add("arrived");
      var h = el.querySelector("h2");
      if (h) {
        var badge = document.createElement("span");
        badge.className = "badge arrived-badge";
        badge.textContent = "New";
        h.insertBefore(badge, h.firstChild);
      }
      var link = el.querySelector("h2 a");
      var title = el.querySelector("[data-testid=case-title]");
      names.push((link ? link.textContent : "") + (title ? " " + title.textContent : ""));
    });
    if (!announcer || names.length === 0) return;
    announcer.textContent = (names.length === 1 ? "New case: " : names.length + " new cases: ") + names.join("; ");
  }

  var after = parseInt(box.getAttribute("data-after") || "", 10);
  var delay = 1000;
  function connect() {
    var scheme = location.protocol === "https:" ? "wss:" : "ws:";
    var ws = new WebSocket(scheme + "//" + location.host + "/graphql", "graphql-transport-ws");
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
        ws.send(JSON.stringify({
          id: "queue",
          type: "subscribe",
          payload: {
            query: "subscription Queue($after: Int) { moderationQueue(after: $after) { kind event { seq } } }",
            variables: isNaN(after) ? {} : { after: after },
          },
        }));
        say("Live: new reports appear here as they arrive.");
        if (isNaN(after)) refreshSoon(); // a page without its event: catch up from now
      } else if (m.type === "next") {
        var u = m.payload && m.payload.data && m.payload.data.moderationQueue;
        if (u && u.event && !(u.event.seq <= after)) after = u.event.seq;
        refreshSoon();
      } else if (m.type === "ping") {
        ws.send(JSON.stringify({ type: "pong" }));
      }
    };
    ws.onclose = function (e) {
      if (e.code === 4401 || e.code === 4403) {
        say("Live updates need a moderator's session; sign in again.");
        return;
      }
      say("Live updates paused; reconnecting…");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  }
  connect();
})();
