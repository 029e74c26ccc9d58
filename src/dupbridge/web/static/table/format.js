// Texts and notation of the table page. Every word comes from the page's i18n block,
// rendered by the server from the catalogs; nothing here is written in English.

/** The page's strings (the JSON block with id "i18n"). */
export const T = JSON.parse(document.getElementById("i18n").textContent);

/** Seats clockwise, as the protocol writes them. */
export const SEATS = ["N", "E", "S", "W"];
/** Suits in the order a hand is shown. */
export const SUITS = ["S", "H", "D", "C"];
/** Ranks from the highest. */
export const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
/** Strains in the bidding box's order. */
export const STRAINS = ["C", "D", "H", "S", "NT"];
const SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

/** Replace each {name} in a catalog text by its value. */
export function fmt(text, values = {}) {
  return String(text).replace(/\{(\w+)\}/g, (whole, name) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A text with a number in it, in the plural form the catalog gives for that number. */
export function plural(key, n, values = {}) {
  const forms = T[key];
  const text = Array.isArray(forms) ? forms[Math.min(n, forms.length - 1)] : forms;
  return fmt(text, { n, ...values });
}

export function seatName(seat) {
  return T.seats[seat] || seat;
}

export function suitSymbol(suit) {
  return SYMBOLS[suit] || "";
}

export function rankText(rank) {
  return T.ranks[rank] || rank;
}

/** A card as a person reads it: its suit symbol and rank. */
export function cardText(card) {
  return suitSymbol(card[0]) + rankText(card.slice(1));
}

/** A card's accessible name ("queen of hearts"). */
export function cardLabel(card) {
  return fmt(T.card_label, { rank: T.rank_names[card.slice(1)], suit: T.suit_names[card[0]] });
}

export function strainText(strain) {
  return strain === "NT" ? T.notrump : suitSymbol(strain);
}

/** Read a call as the protocol writes it: "Pass", "X", "XX" or a bid like "1NT", "4S". */
export function parseCall(call) {
  const bid = /^([1-7])(NT|[CDHS])$/.exec(call);
  return bid ? { level: Number(bid[1]), strain: bid[2] } : { other: call };
}

/** A call as a person reads it. */
export function callText(call) {
  const parsed = parseCall(call);
  if (parsed.level) return parsed.level + strainText(parsed.strain);
  return { Pass: T.pass, X: T.double, XX: T.redouble }[call] || call;
}

/** A call's accessible name. */
export function callLabel(call) {
  const parsed = parseCall(call);
  if (parsed.level) {
    return fmt(T.bid_label, { level: parsed.level, strain: T.strain_names[parsed.strain] });
  }
  return { Pass: T.pass_name, X: T.double_name, XX: T.redouble_name }[call] || call;
}

/** A contract from the protocol ("4SXN": level, strain, risk, declarer) for people. */
export function contractText(contract) {
  const parsed = /^([1-7])(NT|[CDHS])(X{0,2})/.exec(contract || "");
  if (!parsed) return contract || "";
  return parsed[1] + strainText(parsed[2]) + { "": "", X: T.double, XX: T.redouble }[parsed[3]];
}

/** Whether a side ("NS"/"EW") is vulnerable on a board's vulnerability ("None", "NS", ...). */
export function vulnerable(vulnerability, side) {
  return vulnerability === "All" || vulnerability === side;
}

export function sideOf(seat) {
  return seat === "N" || seat === "S" ? "NS" : "EW";
}

export function partnerOf(seat) {
  return SEATS[(SEATS.indexOf(seat) + 2) % 4];
}

/** Sort cards by suit (spades, hearts, diamonds, clubs) then rank from the highest. */
export function sortCards(cards) {
  return [...cards].sort(
    (a, b) =>
      SUITS.indexOf(a[0]) - SUITS.indexOf(b[0]) || RANKS.indexOf(a.slice(1)) - RANKS.indexOf(b.slice(1)),
  );
}

/** A signed score: "+420", "-50", "0". */
export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}
