// nonce.mjs gives every <style> element created from script the nonce of the
// script that loaded the explorer. The editor (Monaco) writes its theme and
// decorations into <style> elements it creates; the explorer page's
// Content-Security-Policy admits those only with the page's nonce. It is
// imported first, before anything that may create one.
const nonce = document.currentScript?.nonce ?? "";

if (nonce) {
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function (tag, options) {
    const el = create.call(this, tag, options);
    if (typeof tag === "string" && tag.toLowerCase() === "style") {
      el.nonce = nonce;
    }
    return el;
  };
}
