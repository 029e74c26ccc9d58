// Drawing a frame: the four places at the table, the trick, the auction, the banners.
// Only what the frame holds is drawn: a hand the frame does not carry is never on the page.
// Text from players (explanations, statements, chat) is set as text, never as markup.

import {
  SEATS,
  SUITS,
  T,
  callLabel,
  callText,
  cardLabel,
  cardText,
  contractText,
  fmt,
  plural,
  rankText,
  seatName,
  sideOf,
  signed,
  sortCards,
  suitSymbol,
  vulnerable,
} from "./format.js";

const POSITIONS = ["bottom", "left", "top", "right"];

/** Create an element with attributes and children (strings become text nodes). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The seat drawn at a position: the viewer's own seat at the bottom (South for kibitzers). */
export function seatAt(bottom, position) {
  return SEATS[(SEATS.indexOf(bottom) + POSITIONS.indexOf(position)) % 4];
}

/** The seat whose cards the viewer chooses now (his own, or dummy's for declarer). */
export function actingSeat(view) {
  if (!view || !view.turn) return null;
  if (view.legal_calls.length || view.legal_cards.length) return view.turn;
  return null;
}

function cardsLeft(view, seat) {
  if (view.phase === "auction") return 13;
  const quitted = view.tricks.NS + view.tricks.EW;
  const inTrick = view.current_trick.some((played) => played.seat === seat) ? 1 : 0;
  return Math.max(0, 13 - quitted - inTrick);
}

function suitClass(card) {
  return `suit-${card[0].toLowerCase()}`;
}

/** One hand in suit rows; its cards are buttons when the viewer may choose among them. */
function handNode(cards, { playable, legal, selected, onCard }) {
  const rows = SUITS.map((suit) => {
    const inSuit = sortCards(cards.filter((card) => card[0] === suit));
    const label = T.suit_names[suit];
    return el(
      "div",
      { class: `suit-row ${suitClass(suit)}`, role: "group", "aria-label": label },
      el("span", { class: "suit-symbol", "aria-hidden": "true" }, suitSymbol(suit)),
      inSuit.length
        ? inSuit.map((card) =>
            playable
              ? el(
                  "button",
                  {
                    type: "button",
                    class: `card ${suitClass(card)}${selected === card ? " selected" : ""}`,
                    "data-card": card,
                    "aria-label": cardLabel(card),
                    "aria-pressed": selected === card ? "true" : "false",
                    disabled: !legal.includes(card),
                    onclick: () => onCard(card),
                  },
                  rankText(card.slice(1)),
                )
              : el(
                  "span",
                  { class: `card ${suitClass(card)}`, "data-card": card, "aria-label": cardLabel(card), role: "img" },
                  rankText(card.slice(1)),
                ),
          )
        : el("span", { class: "void", "aria-label": T.void }, "\u2014"),
    );
  });
  return el("div", { class: "hand" }, rows);
}

function seatHeader(view, seat, me) {
  const side = sideOf(seat);
  const vul = vulnerable(view.vulnerability, side);
  const tags = [];
  if (seat === me) tags.push(T.you);
  if (view.declarer && seat === view.declarer) tags.push(T.declarer);
  if (view.declarer && seat === SEATS[(SEATS.indexOf(view.declarer) + 2) % 4] && view.contract) {
    tags.push(T.dummy);
  }
  if (seat === view.dealer) tags.push(T.dealer);
  return el(
    "div",
    {
      class: `seat-header ${vul ? "is-vul" : "is-nonvul"}${view.turn === seat ? " on-turn" : ""}`,
      title: vul ? T.vulnerable : T.not_vulnerable,
    },
    el("span", { class: "seat-name" }, seatName(seat)),
    el("span", { class: "vul-mark", "aria-label": vul ? T.vulnerable : T.not_vulnerable }),
    tags.length ? el("span", { class: "seat-tags" }, tags.join(" \u00b7 ")) : null,
  );
}

/** Draw the four places at the table. */
export function drawSeats(root, state, cfg, onCard) {
  const view = state.view;
  const bottom = cfg.seat || "S";
  const acting = actingSeat(view);
  for (const position of POSITIONS) {
    const seat = seatAt(bottom, position);
    const box = root.querySelector(`#pos-${position}`);
    // After the board every hand may be seen (Law 66D): drawn whole, as dealt.
    const cards =
      view.phase === "finished" && view.hands[seat]
        ? [...view.hands[seat], ...(view.played[seat] || [])]
        : view.hands[seat];
    const playable = Boolean(cards) && acting === seat && view.phase === "play";
    const hand = cards
      ? handNode(cards, { playable, legal: view.legal_cards, selected: state.selected, onCard })
      : view.withheld
        ? null
        : el(
            "div",
            { class: "backs", role: "img", "aria-label": plural("cards_held", cardsLeft(view, seat)) },
            el("span", { class: "back", "aria-hidden": "true" }),
            el("span", { class: "count", "aria-hidden": "true" }, String(cardsLeft(view, seat))),
          );
    box.replaceChildren(...[seatHeader(view, seat, cfg.seat), hand].filter(Boolean));
    box.dataset.seat = seat;
    box.setAttribute("aria-label", seatName(seat));
  }
}

/** Draw the trick in progress (Law 66A: and the previous one while the frame holds it). */
export function drawTrick(root, state, cfg) {
  const view = state.view;
  const bottom = cfg.seat || "S";
  const trick = root.querySelector("#trick");
  const slots = POSITIONS.map((position) => {
    const seat = seatAt(bottom, position);
    const played = view.current_trick.find((item) => item.seat === seat);
    return el(
      "div",
      { class: `slot slot-${position}`, "data-seat": seat },
      played
        ? el(
            "span",
            { class: `card face ${suitClass(played.card)}`, "data-card": played.card, role: "img", "aria-label": fmt(T.played_by, { card: cardLabel(played.card), seat: seatName(seat) }) },
            cardText(played.card),
          )
        : null,
    );
  });
  trick.replaceChildren(...slots);
  const previous = root.querySelector("#previous-trick");
  const last = view.previous_trick;
  if (!last) {
    previous.hidden = true;
    previous.replaceChildren();
    return;
  }
  previous.hidden = false;
  const cards = last.cards.map((card, i) => {
    const seat = SEATS[(SEATS.indexOf(last.leader) + i) % 4];
    return el(
      "li",
      { class: seat === last.winner ? "winner" : "" },
      el("span", { class: "prev-seat" }, seatName(seat)),
      " ",
      el("span", { class: `card-text ${suitClass(card)}`, "data-card": card, "aria-label": cardLabel(card) }, cardText(card)),
    );
  });
  previous.replaceChildren(
    el("h3", {}, T.previous_trick),
    el("ol", {}, cards),
    el("p", { class: "winner-note" }, fmt(T.trick_won_by, { seat: seatName(last.winner) })),
  );
}

/** Draw the auction grid (West, North, East, South; Law 2 colours) and the explanations. */
export function drawAuction(root, state) {
  const view = state.view;
  const order = ["W", "N", "E", "S"];
  const head = el(
    "tr",
    {},
    order.map((seat) => {
      const vul = vulnerable(view.vulnerability, sideOf(seat));
      return el(
        "th",
        { scope: "col", class: vul ? "vul" : "nonvul", title: vul ? T.vulnerable : T.not_vulnerable },
        seatName(seat),
        seat === view.dealer ? el("span", { class: "dealer-mark", title: T.dealer, "aria-label": T.dealer }, T.dealer_short) : null,
      );
    }),
  );
  const cells = [];
  const start = order.indexOf(view.dealer);
  const next = view.phase === "auction" && view.turn && !view.withheld;
  if (view.auction.length || next) {
    for (let i = 0; i < start; i += 1) cells.push(el("td", {}));
  }
  const notes = [];
  view.auction.forEach((entry, position) => {
    const note = entry.explanation ? notes.push({ entry, position }) : 0;
    cells.push(
      el(
        "td",
        { class: `call${entry.alert ? " alerted" : ""}`, "data-call": entry.call, "data-seat": entry.seat },
        el("span", { "aria-label": callLabel(entry.call) }, callText(entry.call)),
        entry.alert ? el("span", { class: "alert-mark", title: T.alerted, "aria-label": T.alerted }, "!") : null,
        note ? el("sup", { class: "note-ref" }, String(note)) : null,
      ),
    );
  });
  if (next) {
    cells.push(el("td", { class: "call next", "aria-label": fmt(T.to_call, { seat: seatName(view.turn) }) }, "?"));
  }
  const rows = [];
  for (let i = 0; i < cells.length; i += 4) rows.push(el("tr", {}, cells.slice(i, i + 4)));
  root.querySelector("#auction-grid").replaceChildren(el("thead", {}, head), el("tbody", {}, rows));
  const list = root.querySelector("#explanations");
  list.replaceChildren(
    ...notes.map(({ entry }, i) =>
      el(
        "li",
        { "data-call": entry.call, "data-seat": entry.seat },
        el("strong", {}, `${i + 1}. ${callText(entry.call)} (${seatName(entry.seat)})`),
        ": ",
        el("span", { class: "explanation-text" }, entry.explanation),
      ),
    ),
  );
  list.hidden = notes.length === 0;
}

/** The board line, the contract, the tricks and whose turn it is. */
export function drawStatus(root, state, cfg) {
  const view = state.view;
  root.querySelector("#board-title").textContent = fmt(T.board, { n: view.board });
  document.title = root.querySelector("#board-title").textContent;
  const vulText = T.vulnerability[view.vulnerability] || view.vulnerability;
  root.querySelector("#board-info").textContent = fmt(T.board_info, {
    dealer: seatName(view.dealer),
    vul: vulText,
  });
  const contract = root.querySelector("#contract-info");
  if (view.contract) {
    contract.textContent = fmt(T.contract_by, {
      contract: contractText(view.contract),
      seat: seatName(view.declarer),
    });
  } else if (view.phase === "finished" && !view.withheld) {
    contract.textContent = T.passed_out;
  } else {
    contract.textContent = "";
  }
  root.querySelector("#tricks-info").textContent =
    view.phase === "auction" || view.withheld
      ? ""
      : fmt(T.tricks_won, { ns: view.tricks.NS, ew: view.tricks.EW });
  const turn = root.querySelector("#turn-info");
  turn.textContent = turnText(view, cfg);
  const score = root.querySelector("#score-info");
  if (view.score) {
    const made = view.result === null ? "" : plural("declarer_took", view.result);
    score.textContent = [made, fmt(T.score_line, { ns: signed(view.score.NS), ew: signed(view.score.EW) })]
      .filter(Boolean)
      .join(" \u2014 ");
    score.hidden = false;
  } else {
    score.hidden = true;
  }
}

function turnText(view, cfg) {
  if (view.withheld) return T.withheld;
  if (view.phase === "finished") return T.board_over;
  if (view.phase === "director") return T.director_phase;
  if (!view.turn) return "";
  const acting = actingSeat(view);
  if (acting && acting === cfg.seat) return view.phase === "auction" ? T.your_call : T.your_card;
  if (acting) return T.your_card_dummy;
  return fmt(view.phase === "auction" ? T.to_call : T.to_play, { seat: seatName(view.turn) });
}
