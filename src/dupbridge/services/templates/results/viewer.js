/* dupbridge hand viewer: replays the play of a traveller line card by card.
   Plain JavaScript, no build step, works from file://. Keyboard: the arrow keys step back
   and forward, Home and End go to the start and the end, when the viewer has the focus. */
(function () {
  "use strict";
  var SEATS = ["N", "E", "S", "W"];
  var SIDE = { N: "NS", S: "NS", E: "EW", W: "EW" };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function suitSpan(symbol, red) {
    return el("span", red ? "sym red" : "sym", symbol);
  }

  function cardNode(step) {
    var span = el("span", "card");
    span.appendChild(suitSpan(step.suit, step.red));
    span.appendChild(document.createTextNode(step.card.slice(1)));
    return span;
  }

  function setup(replay) {
    var labels = JSON.parse(replay.getAttribute("data-labels"));
    var data = JSON.parse(replay.querySelector(".viewer-data").textContent);
    var steps = data.steps;
    var position = 0;

    var table = el("div", "replay-table");
    var hands = {};
    var played = {};
    SEATS.forEach(function (seat) {
      var box = el("div", "rhand r" + seat.toLowerCase());
      var name = el("span", "seat", labels.seats[seat] + " ");
      name.appendChild(el("span", "hcp", labels.hcp.replace("{n}", data.hcp[seat])));
      box.appendChild(name);
      var lines = {};
      data.hands[seat].forEach(function (line) {
        var row = el("span", "suit");
        row.appendChild(suitSpan(line.suit, line.red));
        var cards = el("span", "cards");
        row.appendChild(cards);
        box.appendChild(row);
        lines[line.suit] = { node: cards, cards: line.cards };
      });
      hands[seat] = { box: box, lines: lines };
      played[seat] = el("span", "played p" + seat.toLowerCase());
    });
    var centre = el("div", "rtrick");
    SEATS.forEach(function (seat) { centre.appendChild(played[seat]); });
    table.appendChild(hands.N.box);
    table.appendChild(hands.W.box);
    table.appendChild(centre);
    table.appendChild(hands.E.box);
    table.appendChild(hands.S.box);

    var status = el("p", "rstatus");
    status.setAttribute("aria-live", "polite");
    var controls = el("div", "rcontrols");
    function button(symbol, label, action) {
      var b = el("button", "rbutton", symbol);
      b.type = "button";
      b.setAttribute("aria-label", label);
      b.title = label;
      b.addEventListener("click", function () { action(); render(); });
      controls.appendChild(b);
      return b;
    }
    var first = button("«", labels.start, function () { position = 0; });
    var back = button("◀", labels.back, function () { position = Math.max(0, position - 1); });
    var next = button("▶", labels.next, function () { position = Math.min(steps.length, position + 1); });
    var last = button("»", labels.end, function () { position = steps.length; });

    function render() {
      var gone = {};
      var i;
      for (i = 0; i < position; i += 1) { gone[steps[i].card] = true; }
      SEATS.forEach(function (seat) {
        var lines = hands[seat].lines;
        Object.keys(lines).forEach(function (suit) {
          var left = lines[suit].cards.filter(function (card) { return !gone[card]; });
          lines[suit].node.textContent = left.length ? " " + left.map(function (card) { return card.slice(1); }).join(" ") : " —";
        });
        played[seat].textContent = "";
        played[seat].classList.remove("winner");
      });
      var won = { NS: 0, EW: 0 };
      var trick = 0;
      for (i = 0; i < position; i += 1) {
        if ((i + 1) % 4 === 0 && steps[i].winner) { won[SIDE[steps[i].winner]] += 1; }
      }
      if (position > 0) {
        trick = steps[position - 1].trick;
        for (i = 0; i < position; i += 1) {
          if (steps[i].trick === trick) { played[steps[i].seat].appendChild(cardNode(steps[i])); }
        }
        var complete = position % 4 === 0 || position === steps.length;
        if (complete && steps[position - 1].winner) { played[steps[position - 1].winner].classList.add("winner"); }
      }
      var text = position === 0 ? labels.lead : labels.trick.replace("{n}", trick);
      text += " · " + labels.won.replace("{ns}", won.NS).replace("{ew}", won.EW);
      if (position === steps.length && data.claim !== null && data.claim !== undefined) {
        text += " · " + labels.claim.replace("{n}", data.claim);
      }
      status.textContent = text;
      first.disabled = back.disabled = position === 0;
      next.disabled = last.disabled = position === steps.length;
    }

    replay.appendChild(table);
    replay.appendChild(controls);
    replay.appendChild(status);
    replay.tabIndex = 0;
    replay.addEventListener("keydown", function (event) {
      var keys = { ArrowRight: 1, ArrowLeft: -1, Home: -99, End: 99 };
      if (!(event.key in keys)) { return; }
      var step = keys[event.key];
      if (step === -99) { position = 0; } else if (step === 99) { position = steps.length; } else {
        position = Math.min(steps.length, Math.max(0, position + step));
      }
      event.preventDefault();
      render();
    });
    replay.hidden = false;
    render();
  }

  var replays = document.querySelectorAll(".viewer .replay");
  for (var i = 0; i < replays.length; i += 1) { setup(replays[i]); }
}());
