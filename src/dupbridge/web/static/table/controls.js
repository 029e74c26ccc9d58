// The controls of a seat: the bidding box (only the legal calls), the claim and its answers,
// the concession, the undo request and its answer, the Director call and the chat; and the
// board's review after play.

import {
  STRAINS,
  T,
  callLabel,
  contractText,
  fmt,
  parseCall,
  partnerOf,
  plural,
  seatName,
  sideOf,
  signed,
  strainText,
} from "./format.js";
import { el } from "./render.js";

/** The bids of a level among the legal calls. */
function legalAt(view, level) {
  return view.legal_calls.filter((call) => parseCall(call).level === level);
}

/** Draw the bidding box: only legal calls are enabled; the selected call is marked. */
export function drawBiddingBox(root, state, actions) {
  const view = state.view;
  const box = root.querySelector("#bidding-box");
  const mine = view.phase === "auction" && view.legal_calls.length > 0;
  box.hidden = !mine;
  if (!mine) return;
  const selected = state.selected && !state.selected.card ? state.selected.call : null;
  const level = state.level || (selected && parseCall(selected).level) || null;
  const levels = root.querySelector("#bid-levels");
  levels.replaceChildren(
    ...[1, 2, 3, 4, 5, 6, 7].map((n) =>
      el(
        "button",
        {
          type: "button",
          class: `bid-level${level === n ? " chosen" : ""}`,
          "data-level": String(n),
          "aria-label": fmt(T.level_label, { level: n }),
          "aria-pressed": level === n ? "true" : "false",
          disabled: legalAt(view, n).length === 0,
          onclick: () => actions.chooseLevel(n),
        },
        String(n),
      ),
    ),
  );
  const strains = root.querySelector("#bid-strains");
  strains.replaceChildren(
    ...STRAINS.map((strain) => {
      const call = level ? `${level}${strain}` : null;
      const legal = call !== null && view.legal_calls.includes(call);
      return el(
        "button",
        {
          type: "button",
          class: `bid-strain suit-${strain.toLowerCase()}${call && selected === call ? " chosen" : ""}`,
          "data-strain": strain,
          "aria-label": call ? callLabel(call) : T.strain_names[strain],
          "aria-pressed": selected && selected === call ? "true" : "false",
          disabled: !legal,
          onclick: () => actions.chooseCall(call),
        },
        strainText(strain),
      );
    }),
  );
  const others = root.querySelector("#bid-others");
  others.replaceChildren(
    ...[
      ["Pass", T.pass, "pass"],
      ["X", T.double, "double"],
      ["XX", T.redouble, "redouble"],
    ].map(([call, text, cls]) =>
      el(
        "button",
        {
          type: "button",
          class: `bid-other ${cls}${selected === call ? " chosen" : ""}`,
          "data-call": call,
          "aria-label": callLabel(call),
          "aria-pressed": selected === call ? "true" : "false",
          disabled: !view.legal_calls.includes(call),
          onclick: () => actions.chooseCall(call),
        },
        text,
      ),
    ),
  );
  const chosen = root.querySelector("#selected-call");
  chosen.textContent = selected ? fmt(T.selected_call, { call: callLabel(selected) }) : T.choose_call;
  root.querySelector("#confirm-call").disabled = !selected || state.sending;
}

function show(node, visible) {
  if (node) node.hidden = !visible; // a kibitzer's page has no answer buttons
  return visible;
}

/** Draw the banners and the actions a seat may take now. */
export function drawActions(root, state, cfg) {
  const view = state.view;
  const online = state.online || {};
  const me = cfg.seat;
  // A claim waiting for answers (Law 68): everyone sees it; the claimer's opponents answer.
  const claim = view.claim;
  const claimBanner = root.querySelector("#claim-banner");
  if (show(claimBanner, Boolean(claim))) {
    const agreed = online.claim_agreed || [];
    root.querySelector("#claim-text").textContent = plural("claim_text", claim.tricks, {
      seat: seatName(claim.seat),
    });
    root.querySelector("#claim-statement").textContent = claim.statement || "";
    const answers = Boolean(me) && sideOf(me) !== sideOf(claim.seat) && !agreed.includes(me);
    show(root.querySelector("#claim-answers"), answers);
    root.querySelector("#claim-agreed").textContent = agreed.length
      ? fmt(T.claim_agreed, { seats: agreed.map(seatName).join(", ") })
      : "";
  }
  // An undo request (Law 25A, with the opponents' consent).
  const undo = online.undo_request;
  if (show(root.querySelector("#undo-banner"), Boolean(undo))) {
    root.querySelector("#undo-text").textContent = fmt(T.undo_asked, { seat: seatName(undo) });
    show(root.querySelector("#undo-answers"), Boolean(me) && sideOf(me) !== sideOf(undo));
  }
  const director = online.director_called;
  if (show(root.querySelector("#director-banner"), Boolean(director) || view.phase === "director")) {
    root.querySelector("#director-text").textContent = director
      ? fmt(T.director_called_by, { seat: seatName(director) })
      : T.director_phase;
  }
  if (!me) return;
  const playing = view.phase === "play";
  const dummy = view.declarer ? partnerOf(view.declarer) : null;
  const mayClaim = playing && !claim && me !== dummy;
  show(root.querySelector("#claim-form"), mayClaim);
  show(root.querySelector("#concede-button"), mayClaim);
  const tricks = root.querySelector("#claim-tricks");
  if (mayClaim && !tricks.value) tricks.value = String(view.tricks[sideOf(me)]);
  show(root.querySelector("#undo-button"), view.phase === "auction" && !undo);
  show(root.querySelector("#director-form"), view.phase !== "finished");
  root.querySelector("#actions").hidden = view.phase === "finished";
}

/** The Director's score at the table (Law 12C; its correction, Law 79C; its revision or
 * withdrawal), with the laws it applies. */
function scoredText(event) {
  const template = T.director_scored[event.kind] || T.director_scored.adjusted_score;
  const text = fmt(template, { score: event.score || "" });
  const laws = event.laws || [];
  return laws.length ? fmt(T.law_list, { text, laws: laws.join(", ") }) : text;
}

/** The Director's message, ruling or score as a line of the chat log (null: not the
 * Director's). */
function directorLine(event) {
  let text;
  if (event.type === "DirectorMessage") text = event.text;
  else if (event.type === "DirectorRuled" && event.ruling === "tricks") text = plural("director_awards", event.tricks);
  else if (event.type === "DirectorRuled") text = T.director_continues;
  else if (event.type === "DirectorScored") text = scoredText(event);
  else return null;
  return el("li", { class: "director-message" }, el("strong", {}, fmt(T.director_says, { name: event.director, text })));
}

/** Add chat messages, and the Director's messages, rulings and scores, to the log (only players
 * receive chat). */
export function addChat(root, events) {
  const log = root.querySelector("#chat-log");
  if (!log) return; // kibitzers have no chat
  for (const event of events) {
    const director = directorLine(event);
    if (director) log.append(director);
    if (event.type !== "ChatSent") continue;
    log.append(
      el("li", {}, el("strong", {}, `${seatName(event.seat)}: `), el("span", { class: "chat-text" }, event.text)),
    );
  }
  log.scrollTop = log.scrollHeight;
}

function ddNode(review) {
  const seats = ["N", "S", "E", "W"];
  return el(
    "table",
    { class: "dd-table", id: "dd-table" },
    el("caption", {}, T.double_dummy),
    el(
      "thead",
      {},
      el("tr", {}, el("th", { scope: "col" }, T.declarer_col), review.strains.map((s) => el("th", { scope: "col", class: `suit-${s.toLowerCase()}` }, strainText(s)))),
    ),
    el(
      "tbody",
      {},
      seats.map((seat) =>
        el("tr", {}, el("th", { scope: "row" }, seatName(seat)), review.strains.map((s) => el("td", {}, String(review.dd[seat][s])))),
      ),
    ),
  );
}

function parText(par) {
  if (!par.contracts.length) return T.par_passed_out;
  const contracts = par.contracts.map((c) => {
    let text = `${c.level}${strainText(c.strain)}${c.doubled ? T.double : ""}`;
    if (c.result) text += signed(c.result);
    const who =
      c.declarers.length === 1 ? seatName(c.declarers[0]) : T.sides[sideOf(c.declarers[0])];
    return fmt(T.contract_by, { contract: text, seat: who });
  });
  return fmt(T.par_line, { score: signed(par.score), contracts: contracts.join(T.or) });
}

function travellerNode(review) {
  return el(
    "table",
    { class: "traveller", id: "traveller" },
    el("caption", {}, T.traveller),
    el(
      "thead",
      {},
      el("tr", {}, [T.table, T.contract, T.tricks, T.sides.NS, T.sides.EW].map((h) => el("th", { scope: "col" }, h))),
    ),
    el(
      "tbody",
      {},
      review.traveller.map((row, i) =>
        el(
          "tr",
          { class: row.this ? "this-table" : "", "aria-current": row.this ? "true" : null },
          el("td", {}, row.name || String(i + 1), row.this ? el("span", { class: "sr" }, ` (${T.this_table})`) : null),
          el(
            "td",
            {},
            row.contract
              ? fmt(T.contract_by, { contract: contractText(row.contract), seat: seatName(row.declarer) })
              : T.passed_out,
          ),
          el("td", {}, row.tricks === null ? "" : String(row.tricks)),
          el("td", {}, row.score && row.score.NS > 0 ? String(row.score.NS) : ""),
          el("td", {}, row.score && row.score.EW > 0 ? String(row.score.EW) : ""),
        ),
      ),
    ),
  );
}

/** Draw the board after play: the four hands, double dummy, par and the traveller. */
export function drawReview(root, review) {
  const box = root.querySelector("#review-body");
  box.replaceChildren(
    el("div", { class: "review-analysis" }, ddNode(review), el("p", { class: "par", id: "par" }, parText(review.par))),
    el("div", { class: "traveller-box" }, travellerNode(review)),
  );
  root.querySelector("#review").hidden = false;
}
