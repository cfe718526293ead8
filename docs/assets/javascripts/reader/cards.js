/*
 * gpulist reader, cards as one element each, for the filters to hide (see base.js for the modules).
 *
 * A topic page's card is an H3 and everything up to the next heading, as the build writes it.
 * `gpulist.cards.wrap(article)` moves each into one <div class="gpulist-card">, once per page;
 * `gpulist.cards.block(host)` is what hides an entry: its card, or its listing line.
 */
(function (G) {
  "use strict";

  var LONG_PAGE = 150; // cards from which off-screen ones are not laid out
  var HEADING = /^H[1-6]$/;

  function block(host) {
    var card = host.parentElement;
    return card && card.classList.contains("gpulist-card") ? card : host;
  }

  /* A filter then hides one element per card instead of four or more: toggling `hidden` on
     each element of 900 cards cost the style recalculation of all of them (250 ms here),
     against 20 ms for their 900 wrappers. On a long page the wrappers are also `gpulist-lazy`:
     reader.css lets the browser skip laying them out while off screen, without which showing
     900 cards again took 500 ms. Not on short pages, where it gains nothing and misleads tools
     that measure what is drawn (axe, in Lighthouse, judged colours and target sizes of skipped
     cards wrongly). Wrapped when a filter first applies, or once the reader opens the form: a
     page read without filters never pays for it (65 to 90 ms at 900 cards here). */
  function wrap(article) {
    if (article.gpulistWrapped) return;
    article.gpulistWrapped = true;
    var hosts = article.querySelectorAll(":scope > p[data-gpulist-entry]");
    var kind = hosts.length > LONG_PAGE ? "gpulist-card gpulist-lazy" : "gpulist-card";
    for (var i = 0; i < hosts.length; i++) {
      var heading = hosts[i].previousElementSibling;
      if (!heading || heading.tagName !== "H3") continue;
      var card = document.createElement("div");
      card.className = kind;
      article.insertBefore(card, heading);
      for (var el = heading; el && (el === heading || !HEADING.test(el.tagName));) {
        var next = el.nextElementSibling;
        card.appendChild(el);
        el = next;
      }
    }
  }

  G.cards = { wrap: wrap, block: block };
})(window.gpulist);
