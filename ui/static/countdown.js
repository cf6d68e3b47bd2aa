// countdown.js shows the time left before a deadline, next to it.
//
// Markup (the deadline itself stays readable without scripts):
//
//   <time data-countdown datetime="2026-12-07T08:00:00Z">7 December 2026, 08:00 UTC</time>
//   <span data-countdown-remaining></span>
//
// The remaining time goes into the element marked data-countdown-remaining
// inside the <time> element or right after it, as plain text ("3 days,
// 4 hours, 12 minutes left"); when there is none, a <span> is inserted after
// the <time> element with the text in parentheses after a space, so that it
// reads well inside a sentence. The text of the <time> element is never
// changed. data-countdown-ended="…" on the <time> element sets the text
// shown once the deadline has passed (default "ended").
//
// Loaded as an external file with defer; it does nothing when the page has
// no such element or the datetime cannot be parsed.
(function () {
  "use strict";

  var MINUTE = 60 * 1000;
  var HOUR = 60 * MINUTE;
  var DAY = 24 * HOUR;

  function unit(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }

  // remaining formats a positive duration in milliseconds as days, hours and
  // minutes, rounding the minutes up so that "0 minutes" is never shown
  // before the deadline.
  function remaining(ms) {
    var minutes = Math.ceil(ms / MINUTE);
    var d = Math.floor(minutes / (24 * 60));
    var h = Math.floor((minutes % (24 * 60)) / 60);
    var m = minutes % 60;
    var parts = [];
    if (d > 0) parts.push(unit(d, "day"));
    if (d > 0 || h > 0) parts.push(unit(h, "hour"));
    parts.push(unit(m, "minute"));
    return parts.join(", ") + " left";
  }

  // target returns where the text goes and how to wrap it.
  function target(el) {
    var plain = function (s) { return s; };
    var inner = el.querySelector("[data-countdown-remaining]");
    if (inner) return { node: inner, wrap: plain };
    var next = el.nextElementSibling;
    if (next && next.hasAttribute("data-countdown-remaining")) return { node: next, wrap: plain };
    var span = document.createElement("span");
    span.setAttribute("data-countdown-remaining", "");
    span.className = "countdown";
    el.parentNode.insertBefore(span, el.nextSibling);
    return { node: span, wrap: function (s) { return " (" + s + ")"; } };
  }

  function start(el) {
    var deadline = Date.parse(el.getAttribute("datetime") || "");
    if (isNaN(deadline) || !el.parentNode) return;
    var t = target(el);
    var ended = el.getAttribute("data-countdown-ended") || "ended";

    function tick() {
      var left = deadline - Date.now();
      if (left <= 0) {
        t.node.textContent = t.wrap(ended);
        return;
      }
      t.node.textContent = t.wrap(remaining(left));
      // Wake up at the next minute boundary of the remaining time, at most
      // once a minute, so the figure is never more than a minute stale.
      var wait = left % MINUTE || MINUTE;
      window.setTimeout(tick, Math.min(wait + 50, left + 50));
    }
    tick();
  }

  function init() {
    var els = document.querySelectorAll("time[data-countdown]");
    for (var i = 0; i < els.length; i++) {
      try {
        start(els[i]);
      } catch (e) {
        if (window.console && console.warn) {
          console.warn("countdown: skipped an element", e);
        }
      }
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
