// The table page: speaks the WebSocket protocol of docs/server.md, reconnects by itself
// (since=), draws each frame and sends the seat's commands. Keyboard: a level and a strain
// (1 S, 3 N) or p, x, xx / r for a call; a rank and a suit (q h, t or 1 0 for the ten) for a
// card; Enter confirms; Escape forgets the choice.

import { RANKS, T, callLabel, cardLabel, fmt, parseCall } from "./format.js";
import { addChat, drawActions, drawBiddingBox, drawReview } from "./controls.js";
import { actingSeat, drawAuction, drawSeats, drawStatus, drawTrick } from "./render.js";

const cfg = JSON.parse(document.getElementById("table-config").textContent);
const root = document.getElementById("table-app");

const state = {
  seq: -1, // the last seq seen: reconnecting asks for the events after it
  view: null,
  online: {},
  level: null, // a level chosen in the bidding box, waiting for its strain
  selected: null, // {call} or {card} chosen, waiting for confirmation
  keys: "", // keys typed towards a call or a card
  sending: null, // the command sent and not yet answered: {key, body, choice}
  queued: false, // Enter pressed while it was in flight: confirm the choice on its answer
  review: null,
  reviewAsked: false,
};

const narrow = window.matchMedia("(max-width: 760px)");
let socket = null;
let retry = 0;
let keyCount = 0;
// Idempotency keys: unique per page load, so that a reloaded page never repeats one.
const client = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);

// --- display options ----------------------------------------------------------------------

const OPTIONS = { "opt-four-colour": "four-colour", "opt-high-contrast": "high-contrast" };
for (const [id, cls] of Object.entries(OPTIONS)) {
  const box = document.getElementById(id);
  const stored = localStorage.getItem(`dupbridge.${cls}`) === "1";
  box.checked = stored;
  document.body.classList.toggle(cls, stored);
  box.addEventListener("change", () => {
    document.body.classList.toggle(cls, box.checked);
    localStorage.setItem(`dupbridge.${cls}`, box.checked ? "1" : "0");
  });
}

// --- notices --------------------------------------------------------------------------------

const notice = root.querySelector("#notice");
let noticeTimer = null;

function say(text) {
  notice.textContent = text;
  notice.hidden = !text;
  clearTimeout(noticeTimer);
  if (text) noticeTimer = setTimeout(() => say(""), 8000);
}

// --- the connection -------------------------------------------------------------------------

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const params = new URLSearchParams({ since: String(state.seq), lang: cfg.lang });
  if (cfg.token) params.set("token", cfg.token);
  return `${scheme}//${location.host}${cfg.socket}?${params}`;
}

function connect() {
  root.dataset.connection = "connecting";
  socket = new WebSocket(socketUrl());
  socket.addEventListener("open", () => {
    retry = 0;
    root.dataset.connection = "open";
    // An answer lost with the connection: the same key again (stored once, at most).
    if (state.sending) socket.send(JSON.stringify(state.sending.body));
  });
  socket.addEventListener("message", (message) => receive(JSON.parse(message.data)));
  socket.addEventListener("close", (closed) => {
    root.dataset.connection = "closed";
    if (closed.code >= 4400 && closed.code < 4500) {
      return; // refused at connection (forged token, unknown table): the error frame said why
    }
    retry += 1;
    setTimeout(connect, Math.min(5000, 250 * 2 ** Math.min(retry, 5)));
  });
}

function receive(frame) {
  if (frame.type === "update") {
    if (!frame.view.withheld) state.seq = frame.seq;
    const before = state.view;
    state.view = frame.view;
    state.online = frame.online || {};
    addChat(root, frame.events || []);
    if (before && (before.phase !== frame.view.phase || before.turn !== frame.view.turn)) {
      clearChoice();
    }
    draw();
    // On a phone, play starts with the whole table in view (the bidding box was below it).
    if (before && before.phase === "auction" && frame.view.phase !== "auction" && narrow.matches) {
      window.scrollTo(0, 0);
    }
    return;
  }
  const sent = state.sending && frame.key === state.sending.key ? state.sending : null;
  if (sent) state.sending = null;
  const queued = sent !== null && state.queued;
  if (sent) state.queued = false;
  if (frame.type === "stale") {
    state.sending = null;
    say(frame.message);
  } else if (frame.type === "error") {
    say(frame.law ? `${frame.message} (${frame.law})` : frame.message);
  } else if (frame.type === "ack") {
    // The update frame may come before its ack: a choice made since for the next action
    // (dummy's card after one's own) is kept, and confirmed now if Enter was pressed.
    if (!sent || state.selected === sent.choice) clearChoice();
    else if (queued && state.selected) return confirmChoice();
  }
  draw();
}

/** Carry out the choice: play the card or make the call. */
function confirmChoice() {
  if (state.selected.card) playCard(state.selected.card);
  else confirmCall();
}

/** Send a command for this seat (dummy's cards go with dummy's seat, Law 45B). */
function send(type, fields = {}, seat = cfg.seat) {
  if (!cfg.seat || state.sending) return false;
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    say(T.not_connected);
    return false;
  }
  keyCount += 1;
  const key = `${client}-${keyCount}`;
  const body = { type, seat, expected_seq: state.seq, key, ...fields };
  state.sending = { key, body, choice: state.selected };
  socket.send(JSON.stringify(body));
  return true;
}

// --- drawing --------------------------------------------------------------------------------

function draw() {
  const view = state.view;
  if (!view) return;
  const box = root.querySelector("#bidding-box");
  const boxWasHidden = box ? box.hidden : true;
  root.dataset.phase = view.withheld ? "withheld" : view.phase;
  drawStatus(root, state, cfg);
  drawSeats(root, state, cfg, playCard);
  drawTrick(root, state, cfg);
  drawAuction(root, state);
  if (cfg.seat) drawBiddingBox(root, state, { chooseLevel, chooseCall });
  drawActions(root, state, cfg);
  // On a phone the bidding box is below the table: bring it up when it is your call.
  if (box && boxWasHidden && !box.hidden && narrow.matches) {
    box.scrollIntoView({ block: "nearest" });
  }
  if (view.phase === "finished" && !view.withheld && !state.reviewAsked) {
    state.reviewAsked = true;
    loadReview();
  }
}

async function loadReview() {
  const params = new URLSearchParams({ lang: cfg.lang });
  if (cfg.token) params.set("token", cfg.token);
  try {
    const answer = await fetch(`${cfg.review}?${params}`);
    const body = await answer.json();
    if (!answer.ok) {
      say(body.message || "");
      state.reviewAsked = false;
      return;
    }
    state.review = body;
    drawReview(root, body);
  } catch (error) {
    state.reviewAsked = false; // the next frame or the refresh button asks again
  }
}

// --- choosing and confirming ------------------------------------------------------------------

function clearChoice() {
  state.level = null;
  state.selected = null;
  state.keys = "";
}

function focusChoice() {
  let target = null;
  if (state.selected && state.selected.card) {
    target = root.querySelector(`button.card[data-card="${state.selected.card}"]`);
  } else if (state.selected) {
    const { level, strain } = parseCall(state.selected.call);
    target = level
      ? root.querySelector(`#bid-strains [data-strain="${strain}"]`)
      : root.querySelector(`#bid-others [data-call="${state.selected.call}"]`);
  } else if (state.level) {
    target = root.querySelector(`#bid-levels [data-level="${state.level}"]`);
  }
  if (target) target.focus();
}

function chooseLevel(level) {
  state.level = level;
  state.selected = null;
  draw();
  focusChoice();
}

function chooseCall(call) {
  if (!call || !state.view.legal_calls.includes(call)) {
    say(T.illegal_call);
    return;
  }
  state.selected = { call };
  const level = parseCall(call).level;
  state.level = level || null;
  draw();
  focusChoice();
}

function confirmCall() {
  if (!state.selected || !state.selected.call) return;
  const alert = root.querySelector("#alert").checked;
  const explanation = root.querySelector("#explanation").value.trim();
  const fields = { call: state.selected.call, alert: alert || Boolean(explanation) };
  if (explanation) fields.explanation = explanation;
  if (send("call", fields)) {
    root.querySelector("#alert").checked = false;
    root.querySelector("#explanation").value = "";
  }
  draw();
}

function playCard(card) {
  const view = state.view;
  if (!view.legal_cards.includes(card)) {
    say(T.illegal_card);
    return;
  }
  state.selected = { card };
  // A card tapped while the last command is unanswered is played when its answer comes.
  if (state.sending) state.queued = true;
  else send("card", { card }, actingSeat(view));
  draw();
}

function selectCard(card) {
  if (!state.view.legal_cards.includes(card)) {
    say(fmt(T.not_legal, { what: cardLabel(card) }));
    state.keys = "";
    return;
  }
  state.selected = { card };
  draw();
  focusChoice();
  say("");
}

// --- the keyboard ---------------------------------------------------------------------------

const SUIT_KEYS = { s: "S", h: "H", d: "D", c: "C" };
const STRAIN_KEYS = { ...SUIT_KEYS, n: "NT" };
const RANK_KEYS = Object.fromEntries(RANKS.map((rank) => [rank.toLowerCase(), rank]));

function auctionKey(key) {
  const view = state.view;
  if (/^[1-7]$/.test(key)) {
    state.keys = key;
    chooseLevel(Number(key));
    return true;
  }
  if (key in STRAIN_KEYS && state.level) {
    chooseCall(`${state.level}${STRAIN_KEYS[key]}`);
    return true;
  }
  if (key === "p") return chooseCall("Pass"), true;
  if (key === "r") return chooseCall("XX"), true;
  if (key === "x") {
    const again = state.selected && state.selected.call === "X" && view.legal_calls.includes("XX");
    chooseCall(again || !view.legal_calls.includes("X") ? "XX" : "X");
    return true;
  }
  return false;
}

function playKey(key) {
  let keys = state.keys;
  if (key === "1") {
    state.keys = "1";
    return true;
  }
  if (key === "0" && keys.endsWith("1")) key = "t";
  keys = keys.replace(/1$/, "");
  if (key in RANK_KEYS) keys = keys.replace(/[akqjt2-9]/g, "") + key;
  else if (key in SUIT_KEYS) keys = keys.replace(/[shdc]/g, "") + key;
  else return false;
  state.keys = keys;
  const rank = keys.match(/[akqjt2-9]/);
  const suit = keys.match(/[shdc]/);
  if (rank && suit) {
    selectCard(SUIT_KEYS[suit[0]] + RANK_KEYS[rank[0]]);
    state.keys = "";
  }
  return true;
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  const typing = target.closest && target.closest("input, textarea, select");
  const view = state.view;
  if (!view || !cfg.seat) return;
  if (event.key === "Enter" && state.selected) {
    if (typing && target.id !== "explanation") return;
    const button = target.closest && target.closest("button");
    if (button && !button.closest("#bidding-box, .hand")) return;
    event.preventDefault();
    if (state.sending) state.queued = true; // confirmed once the last command's ack is in
    else confirmChoice();
    return;
  }
  if (typing) return;
  if (event.key === "Escape") {
    clearChoice();
    draw();
    return;
  }
  const key = event.key.toLowerCase();
  const handled =
    view.legal_calls.length > 0 ? auctionKey(key) : view.legal_cards.length > 0 ? playKey(key) : false;
  if (handled) event.preventDefault();
});

// --- the forms ------------------------------------------------------------------------------

function on(id, type, handler) {
  const node = root.querySelector(`#${id}`);
  if (node) node.addEventListener(type, handler);
}

on("bidding-box", "submit", (event) => {
  event.preventDefault();
  confirmCall();
});
on("claim-form", "submit", (event) => {
  event.preventDefault();
  const tricks = Number(root.querySelector("#claim-tricks").value);
  const statement = root.querySelector("#claim-statement-input").value.trim();
  if (!Number.isInteger(tricks) || tricks < 0 || tricks > 13) {
    say(T.claim_tricks_range);
    return;
  }
  const fields = { tricks };
  if (statement) fields.statement = statement;
  if (send("claim", fields)) root.querySelector("#claim-statement-input").value = "";
});
on("claim-accept", "click", () => send("accept_claim"));
on("claim-reject", "click", () => send("reject_claim"));
let concedeArmed = null;
on("concede-button", "click", (event) => {
  const button = event.currentTarget;
  if (!concedeArmed) {
    button.textContent = T.concede_confirm;
    concedeArmed = setTimeout(() => {
      concedeArmed = null;
      button.textContent = T.concede;
    }, 5000);
    return;
  }
  clearTimeout(concedeArmed);
  concedeArmed = null;
  button.textContent = T.concede;
  send("concede");
});
on("undo-button", "click", () => send("undo_request"));
on("undo-grant", "click", () => send("undo_answer", { grant: true }));
on("undo-refuse", "click", () => send("undo_answer", { grant: false }));
on("director-form", "submit", (event) => {
  event.preventDefault();
  const reason = root.querySelector("#director-reason").value.trim();
  if (send("director_call", { reason })) root.querySelector("#director-reason").value = "";
});
on("chat-form", "submit", (event) => {
  event.preventDefault();
  const input = root.querySelector("#chat-input");
  const text = input.value.trim();
  if (text && send("chat", { text })) input.value = "";
});
on("review-refresh", "click", () => loadReview());

connect();

// For tests and for the curious: what the page holds now (read only).
window.dupbridgeTable = { state, callLabel };
