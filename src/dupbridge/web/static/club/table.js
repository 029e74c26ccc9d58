// The table device of a club evening: North enters each board with taps, East-West
// confirm, and the result goes to the server through a queue kept in localStorage, each
// entry with an idempotency key, so that a poor connection never loses or doubles one.
const root = document.getElementById("club-table");
const evening = root.dataset.evening;
const table = Number(root.dataset.table);
const view = JSON.parse(document.getElementById("table-view").textContent);  // rounds refreshed
const words = JSON.parse(document.getElementById("table-messages").textContent);
const base = `/club/${evening}/table`;
const storeKey = `dupbridge-club-${evening}-${table}`;
const SUITS = [["C", "\u2663"], ["D", "\u2666"], ["H", "\u2665"], ["S", "\u2660"]];
const STRAINS = [...SUITS, ["NT", "NT"]];
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];

const $ = (id) => document.getElementById(id);
let saved = JSON.parse(localStorage.getItem(storeKey) || "{}");
saved.queue = saved.queue || [];      // waiting to be sent: {key, round, board, ...}
saved.done = saved.done || [];        // "round-board" sent and stored
saved.refused = saved.refused || [];  // {round, board, text, message}
let entry = null;                     // the board being entered
let online = true;
let sending = false;

function persist() { localStorage.setItem(storeKey, JSON.stringify(saved)); }
function doneKey(round, board) { return `${round}-${board}`; }
function isDone(round, item) {
  const key = doneKey(round, item.board);
  return item.done || saved.done.includes(key) || saved.queue.some((q) => doneKey(q.round, q.board) === key);
}
function currentRound() {
  for (const r of view.rounds) {
    if (r.boards.some((b) => !isDone(r.round, b))) return r;
  }
  return null;
}
let shownRound = null;

function button(label, onTap, opts = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (opts.cls) b.className = opts.cls;
  if (opts.pressed !== undefined) b.setAttribute("aria-pressed", String(opts.pressed));
  if (opts.disabled) b.disabled = true;
  if (opts.data) Object.assign(b.dataset, opts.data);
  b.addEventListener("click", onTap);
  return b;
}
function fill(id, nodes) {
  const box = $(id);
  if (!box) return;
  box.querySelectorAll("button").forEach((b) => b.remove());
  nodes.forEach((n) => box.appendChild(n));
}
function show(step) {
  for (const id of ["boards-step", "entry-step", "confirm-step", "end-step"]) $(id).hidden = id !== step;
}
function setNet(text, cls) { $("net").textContent = text; $("net").className = `net ${cls || ""}`; }
function contractText(e) {
  if (e.contract === "PASS") return words.passed;
  const strain = STRAINS.find((s) => s[0] === e.strain);
  return `${e.level}${strain ? strain[1] : ""}${e.risk} ${e.declarer} ${e.result}`;
}
function contractCode(e) { return e.contract === "PASS" ? "PASS" : `${e.level}${e.strain}${e.risk}`; }

// -- the boards of the round ---------------------------------------------------------------
function showBoards() {
  const round = currentRound();
  renderQueue();
  if (round === null) {
    const last = view.rounds[view.rounds.length - 1];
    $("round-title").textContent = "";
    $("pairs-ns").textContent = words.session_over;
    $("pairs-ew").textContent = "";
    showEnd(last);
    $("next-round").hidden = true;
    return;
  }
  if (shownRound !== null && shownRound.round !== round.round) {
    showEnd(shownRound);  // the round just ended: where everyone goes
    shownRound = round;
    return;
  }
  shownRound = round;
  $("round-title").textContent = `\u00b7 ${words.round} ${round.round}`;
  $("pairs-ns").textContent = round.sit_out || `NS \u2013 ${round.ns}`;
  $("pairs-ew").textContent = round.sit_out ? "" : `EW \u2013 ${round.ew}`;
  fill("board-buttons", round.boards.map((b) => {
    const done = isDone(round.round, b);
    return button(`${words.board} ${b.board}${done ? " \u2713" : ""}`, () => startEntry(round, b),
      { disabled: done, cls: done ? "done" : "", data: { board: String(b.board) } });
  }));
  show("boards-step");
}

function showEnd(round) {
  const end = round.end;
  $("end-pairs").replaceChildren(...end.pairs.map((p) => {
    const li = document.createElement("li");
    li.textContent = `${p.pair}: ${p.text}`;
    return li;
  }));
  $("end-boards").textContent = end.boards_text;
  $("next-round").hidden = end.last;
  show("end-step");
}

// -- entering a board ----------------------------------------------------------------------
function startEntry(round, board) {
  entry = { round: round.round, board: board.board, level: null, strain: null, risk: "",
            declarer: null, lead: "", leadSuit: null, result: null, contract: null };
  $("entry-title").textContent = `${words.board} ${board.board}`;
  $("entry-vul").textContent = board.vulnerability;
  $("entry-error").hidden = true;
  renderEntry();
  show("entry-step");
}

function possibleResults(level) {
  const need = level + 6;
  const out = [];
  for (let t = 0; t <= 13; t++) out.push(t === need ? "=" : (t > need ? `+${t - need}` : `-${need - t}`));
  return out.reverse();
}

function renderEntry() {
  const e = entry;
  fill("levels", [...[1, 2, 3, 4, 5, 6, 7].map((l) => button(String(l), () => { e.level = l; e.contract = null; e.result = null; renderEntry(); },
    { pressed: e.level === l, data: { level: String(l) } })),
    button(words.passed, () => { e.contract = "PASS"; e.level = null; e.strain = null; e.declarer = null; e.result = null; renderEntry(); },
      { pressed: e.contract === "PASS", cls: "pass", data: { pass: "1" } })]);
  fill("strains", STRAINS.map(([code, sign]) => button(sign, () => { e.strain = code; e.contract = null; renderEntry(); },
    { pressed: e.strain === code, cls: `suit suit-${code.toLowerCase()}`, data: { strain: code } })));
  fill("risks", [["", "\u2014"], ["X", "X"], ["XX", "XX"]].map(([code, label]) => button(label, () => { e.risk = code; renderEntry(); },
    { pressed: e.risk === code, data: { risk: code || "none" } })));
  fill("declarers", ["N", "E", "S", "W"].map((s) => button(s, () => { e.declarer = s; renderEntry(); },
    { pressed: e.declarer === s, data: { declarer: s } })));
  if ($("lead-suits")) {
    fill("lead-suits", [...SUITS.map(([code, sign]) => button(sign, () => { e.leadSuit = code; e.lead = ""; renderEntry(); },
      { pressed: e.leadSuit === code, cls: `suit suit-${code.toLowerCase()}`, data: { leadSuit: code } })),
      button(words.no_lead, () => { e.leadSuit = null; e.lead = ""; renderEntry(); }, { pressed: e.leadSuit === null && !e.lead, data: { leadSuit: "none" } })]);
    fill("lead-ranks", e.leadSuit ? RANKS.map((r) => button(r === "T" ? "10" : r, () => { e.lead = `${e.leadSuit}${r}`; renderEntry(); },
      { pressed: e.lead === `${e.leadSuit}${r}`, data: { leadRank: r } })) : []);
  }
  fill("tricks", e.level ? possibleResults(e.level).map((t) => button(t, () => { e.result = t; renderEntry(); },
    { pressed: e.result === t, data: { result: t } })) : []);
  ["strains", "risks", "declarers", "tricks", "lead-suits", "lead-ranks"].forEach((id) => { if ($(id)) $(id).hidden = e.contract === "PASS"; });
  const complete = e.contract === "PASS" || (e.level && e.strain && e.declarer && e.result !== null);
  $("check").disabled = !complete;
}

function payload(e) {
  return { round: e.round, board: e.board, contract: contractCode(e), declarer: e.contract === "PASS" ? "" : e.declarer,
           result: e.contract === "PASS" ? "" : e.result, lead: e.contract === "PASS" ? "" : e.lead, key: e.key || "" };
}

async function check() {
  const e = entry;
  $("confirm-title").textContent = `${words.board} ${e.board}`;
  $("confirm-contract").textContent = contractText(e) + (e.lead ? ` \u00b7 ${words.lead} ${e.lead}` : "");
  $("confirm-warnings").replaceChildren();
  $("confirm-score").textContent = "";
  try {
    const answer = await fetch(`${base}/check`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload(e)), credentials: "same-origin" });
    const body = await answer.json();
    if (!answer.ok) {
      if (answer.status >= 500) throw new Error(body.message || "server");
      $("entry-error").textContent = body.message || body.detail || String(answer.status);
      $("entry-error").hidden = false;
      return;
    }
    online = true;
    setNet("", "");
    $("confirm-score").textContent = `${words.score}: ${body.ns_score > 0 ? "+" : ""}${body.ns_score}`;
    $("confirm-score").dataset.score = String(body.ns_score);
    $("confirm-warnings").replaceChildren(...body.warnings.map((w) => { const li = document.createElement("li"); li.textContent = w; return li; }));
  } catch (error) {
    online = false;
    setNet(words.offline, "offline");
    $("confirm-score").textContent = words.unknown;
    delete $("confirm-score").dataset.score;
  }
  show("confirm-step");
}

function newKey() {
  const random = (globalThis.crypto && crypto.randomUUID) ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `${table}-${entry.round}-${entry.board}-${random}`;
}

function confirm() {
  entry.key = newKey();
  saved.queue.push({ ...payload(entry), text: contractText(entry) });
  persist();
  entry = null;
  showBoards();
  flush();
}

// -- the queue -----------------------------------------------------------------------------
async function flush() {
  if (sending) return;
  sending = true;
  try {
    while (saved.queue.length) {
      const item = saved.queue[0];
      let answer;
      try {
        answer = await fetch(`${base}/results`, { method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify(item), credentials: "same-origin" });
      } catch (error) {
        online = false;
        setNet(words.offline, "offline");
        break;
      }
      if (answer.status >= 500 || answer.status === 401 || answer.status === 403) {
        setNet(words.offline, "offline");
        break;  // try again later; the entry stays queued with its key
      }
      const body = await answer.json().catch(() => ({}));
      saved.queue.shift();
      if (answer.ok) {
        saved.done.push(doneKey(item.round, item.board));
      } else {
        saved.refused.push({ round: item.round, board: item.board, text: item.text, message: body.message || String(answer.status) });
      }
      persist();
      online = true;
      setNet("", "");
    }
  } finally {
    sending = false;
    renderQueue();
    if (!entry && !$("boards-step").hidden) showBoards();
  }
}

// What the server holds for this table (results the Director entered at the desk too).
async function refresh() {
  if (sending || saved.queue.length) return;
  try {
    const answer = await fetch(`${base}/state`, { credentials: "same-origin", cache: "no-store" });
    if (!answer.ok) return;
    const fresh = await answer.json();
    if (!fresh.rounds) return;
    view.rounds = fresh.rounds;
    saved.done = [];  // the server's flags now cover what this device sent
    persist();
    if (!entry && !$("boards-step").hidden) showBoards();
  } catch (error) {
    // offline: the page goes on with what it has
  }
}

function renderQueue() {
  const items = [
    ...saved.queue.map((q) => [`${words.board} ${q.board}: ${q.text}`, words.queued, "queued"]),
    ...saved.refused.map((q) => [`${words.board} ${q.board}: ${q.text}`, `${words.refused}: ${q.message}`, "refused"]),
  ];
  $("queue-step").hidden = items.length === 0;
  $("queue-list").replaceChildren(...items.map(([what, status, cls]) => {
    const li = document.createElement("li");
    li.className = cls;
    li.textContent = `${what} \u2014 ${status}`;
    return li;
  }));
}

$("check").addEventListener("click", check);
$("entry-back").addEventListener("click", () => { entry = null; showBoards(); });
$("confirm-back").addEventListener("click", () => show("entry-step"));
$("confirm").addEventListener("click", confirm);
$("next-round").addEventListener("click", () => { shownRound = currentRound(); showBoards(); });
window.addEventListener("online", flush);
setInterval(flush, 3000);
setInterval(refresh, 15000);
showBoards();
flush();
