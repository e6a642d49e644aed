// The table display: follows the game through server-sent events; taps answer questions.
"use strict";
// The token comes in the address once; it is kept for this tab only and taken out of the
// address (and so out of the browser's history). A reload finds it again here, or the
// server finds the cookie its first load set.
const token = new URLSearchParams(location.search).get("t") || sessionStorage.getItem("t") || "";
if (token) sessionStorage.setItem("t", token);
history.replaceState(null, "", location.pathname);
const $ = (id) => document.getElementById(id);
let serial = 0;
let answered = null;  // the serial of the question this page has tapped an answer to
let words = {};
let drawing = null;
let countdown = null;
const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#8a3b12", "#1d6fa5", "#2f7d32", "#7b3fa0", "#b8860b", "#b0306a"];

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function fill(list, items, make) {
  list.replaceChildren(...items.map(make));
}

// A new question's buttons wait a moment before they take a tap, so that the second tap
// of a double tap never lands on the question that replaced the first.
const SETTLE_MS = 400;

function renderAnswers(moment) {
  if (moment.serial === serial && $("answers").childElementCount === moment.answers.length) return;
  const question = serial = moment.serial;
  fill($("answers"), moment.answers, (answer, index) => {
    const button = element("button", answer.label);
    button.type = "button";
    button.disabled = true;
    button.addEventListener("click", () => tap(index, button));
    return button;
  });
  setTimeout(() => {
    if (serial !== question || answered === question) return;
    $("answers").querySelectorAll("button").forEach((button) => { button.disabled = false; });
  }, SETTLE_MS);
}

function renderWords(moment) {
  words = moment.words || {};
  document.documentElement.lang = moment.language || "en";
  document.querySelectorAll("[data-word]").forEach((node) => {
    const word = words[node.dataset.word];
    if (word) node.textContent = word;
  });
}

function renderSheets(rows, whoseTurn) {
  const table = $("sheets");
  if (!rows.length) { table.replaceChildren(); return; }
  const columns = Object.keys(rows[0]);
  const head = element("tr");
  columns.forEach((column) => head.append(element("th", column)));
  const body = rows.map((row) => {
    const line = element("tr");
    const first = String(row[columns[0]] || "");
    if (first && whoseTurn.includes(first)) line.className = "current";
    columns.forEach((column) => line.append(element("td", row[column] ?? "")));
    return line;
  });
  table.replaceChildren(element("thead"), element("tbody"));
  table.tHead.append(head);
  table.tBodies[0].append(...body);
}

function renderReading(readings) {
  fill($("reading"), readings.slice().reverse(), (reading, index) => {
    const line = element("p", undefined, index === 0 ? "" : "old");
    if (reading.paragraph !== null) line.append(element("span", `¶ ${reading.paragraph}`, "paragraph"));
    line.append(document.createTextNode(reading.text));
    return line;
  });
}

async function renderMap(map) {
  $("map-panel").hidden = !map;
  if (!map) return;
  if (map.drawing !== drawing) {
    const response = await fetch(`/map?t=${encodeURIComponent(token)}`);
    if (!response.ok) return;
    $("map").innerHTML = await response.text();  // our own server's SVG, names escaped
    drawing = map.drawing;
  }
  const svg = $("map").querySelector("svg");
  if (!svg) return;
  svg.querySelector("#overlay")?.remove();
  const overlay = document.createElementNS(SVG, "g");
  overlay.id = "overlay";
  map.highlighted.forEach(([x, y]) => {
    const ring = document.createElementNS(SVG, "circle");
    Object.entries({ cx: x, cy: y, r: 24, class: "reach" }).forEach(([k, v]) => ring.setAttribute(k, v));
    overlay.append(ring);
  });
  Object.entries(map.markers).forEach(([name, [x, y]], index) => {
    const piece = document.createElementNS(SVG, "g");
    piece.setAttribute("class", "marker");
    piece.setAttribute("data-player", name);
    const shift = 14 * (index % 3) - 14;
    const dot = document.createElementNS(SVG, "circle");
    Object.entries({ cx: x + shift, cy: y - 22, r: 13, fill: COLOURS[index % COLOURS.length] })
      .forEach(([k, v]) => dot.setAttribute(k, v));
    const letter = document.createElementNS(SVG, "text");
    letter.setAttribute("x", x + shift);
    letter.setAttribute("y", y - 22);
    letter.textContent = name.slice(0, 1).toUpperCase();
    const title = document.createElementNS(SVG, "title");
    title.textContent = name;
    piece.append(dot, letter, title);
    overlay.append(piece);
  });
  svg.append(overlay);
  centreMapOn(overlay.querySelector(".reach") || overlay.querySelector(".marker"));
}

function centreMapOn(node) {
  // Scroll the map (never the page) so that the spaces in reach, or the first hero, are in view.
  if (!node) return;
  const box = $("map");
  const frame = box.getBoundingClientRect();
  const spot = node.getBoundingClientRect();
  box.scrollLeft += spot.left + spot.width / 2 - (frame.left + box.clientWidth / 2);
  box.scrollTop += spot.top + spot.height / 2 - (frame.top + box.clientHeight / 2);
}

function renderTimer(moment) {
  const shown = $("countdown");
  if (countdown !== null && (moment.timer_seconds === null || moment.serial !== countdown.serial)) {
    clearInterval(countdown.interval);
    countdown = null;
  }
  shown.hidden = moment.timer_seconds === null;
  if (moment.timer_seconds === null || countdown !== null) return;
  const ends = Date.now() + moment.timer_seconds * 1000;
  const tick = () => {
    const left = Math.max(0, Math.round((ends - Date.now()) / 1000));
    shown.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  };
  tick();
  countdown = { serial: moment.serial, interval: setInterval(tick, 1000) };
}

function render(moment) {
  renderWords(moment);
  const title = moment.game || "Tales Companion";
  $("game").textContent = title[0].toUpperCase() + title.slice(1);
  $("turn").textContent = moment.finished ? words.over : moment.whose_turn;
  $("question").textContent = moment.question;
  renderAnswers(moment);
  const heard = moment.heard;
  $("heard").textContent = heard
    ? `${words.heard} “${heard.text}” (${heard.typed ? words.typed : `${words.sure} ${Math.round(heard.confidence * 100)}%`})`
      + ` → ${heard.understood || words.not_understood}`
    : "";
  renderReading(moment.reading);
  renderSheets(moment.sheets, moment.whose_turn);
  fill($("board"), moment.board, (line) => element("li", line));
  renderMap(moment.map);
  renderTimer(moment);
  const tale = $("tale-told");
  if (tale.hidden !== (moment.telling_turn === null)) tale.disabled = false;
  tale.hidden = moment.telling_turn === null;
  tale.dataset.turn = moment.telling_turn ?? "";
  fill($("history"), moment.history, (line) => element("li", line));
  if (moment.player) {
    $("private-panel").hidden = false;
    $("me").textContent = moment.player;
    fill($("private"), moment.private.length ? moment.private : [words.nothing_secret],
         (line) => element("li", line));
  }
}

function post(path, body) {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Table-Token": token },
    body: JSON.stringify(body),
  });
}

// One tap per question: every button of the question is disabled at the first tap, so a
// double tap sends one answer; the server refuses (409) any tap for a question that is
// not the one being asked, so a late or simultaneous tap changes nothing.
async function tap(index, button) {
  const question = serial;
  answered = question;
  $("answers").querySelectorAll("button").forEach((other) => { other.disabled = true; });
  button.classList.add("sent");
  const response = await post("/tap", { serial: question, index });
  $("tapped").textContent = response.ok ? words.sent : words.moved_on;
}

function connect() {
  const address = token ? `/events?t=${encodeURIComponent(token)}` : "/events";
  const events = new EventSource(address);
  events.onopen = () => { $("link").textContent = words.live || "Live"; };
  events.onmessage = (event) => {
    const moment = JSON.parse(event.data);
    if (moment.serial !== serial) $("tapped").textContent = "";
    render(moment);
  };
  events.onerror = () => { $("link").textContent = words.reconnecting || "Reconnecting…"; };
}

$("tale-told").addEventListener("click", async (event) => {
  const button = event.currentTarget;
  button.disabled = true;
  const response = await post("/telling", { turn: Number(button.dataset.turn) });
  $("tapped").textContent = response.ok ? words.sent : words.moved_on;
});
document.querySelectorAll("[data-reading]").forEach((button) => {
  button.addEventListener("click", () => post("/reading", { action: button.dataset.reading }));
});
connect();
