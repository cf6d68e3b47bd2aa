// math.js renders the TeX inside elements marked data-math with KaTeX, on
// load and whenever a script announces new content (theoremdb:content).
//
// It is progressive enhancement: the page carries the raw TeX as text, which
// stays readable when scripts are off or KaTeX fails to load. Bad TeX is left
// in place (throwOnError: false) rather than hiding the statement.
//
// Load order, all as external files with defer (no inline script, the pages
// use a strict Content-Security-Policy):
//   /static/dist/katex.min.js
//   /static/dist/auto-render.min.js
//   /static/math.js
(function () {
  "use strict";

  var options = {
    // Display delimiters come first so that $$ is not read as two empty $…$.
    delimiters: [
      { left: "$$", right: "$$", display: true },
      { left: "\\[", right: "\\]", display: true },
      { left: "$", right: "$", display: false },
      { left: "\\(", right: "\\)", display: false },
    ],
    // User-submitted TeX: no \href, \url, \includegraphics, \htmlClass and the like.
    trust: false,
    strict: "ignore",
    // Bounds against macro bombs and absurd sizes.
    maxExpand: 1000,
    maxSize: 20,
    throwOnError: false,
    errorCallback: function (msg, err) {
      if (window.console && console.warn) {
        console.warn("math: " + msg, err);
      }
    },
  };

  function render(root) {
    if (typeof window.renderMathInElement !== "function") {
      return; // KaTeX did not load: the raw TeX stays on the page.
    }
    var nodes = (root || document).querySelectorAll("[data-math]");
    for (var i = 0; i < nodes.length; i++) {
      try {
        window.renderMathInElement(nodes[i], options);
      } catch (e) {
        // One bad element must not stop the others from rendering.
        if (window.console && console.warn) {
          console.warn("math: could not render an element", e);
        }
      }
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { render(); });
  } else {
    render();
  }
  // A script that replaces part of the page (the live moderation queue)
  // announces it with this event on the new content.
  document.addEventListener("theoremdb:content", function (e) {
    render(e.target);
  });
})();
