// The table display: follows the game through server-sent events; taps answer questions.
"use strict";
const token = new URLSearchParams(location.search).get("t") || "";
const $ = (id) => document.getElementById(id);
let serial = 0;
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

function renderAnswers(moment) {
  serial = moment.serial;
  fill($("answers"), moment.answers, (answer, index) => {
    const button = element("button", answer.label);
    button.type = "button";
    button.addEventListener("click", () => tap(index, button));
    return button;
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
  const title = moment.game || "Tales Companion";
  $("game").textContent = title[0].toUpperCase() + title.slice(1);
  $("turn").textContent = moment.finished ? "The game is over." : moment.whose_turn;
  $("question").textContent = moment.question;
  renderAnswers(moment);
  const heard = moment.heard;
  $("heard").textContent = heard
    ? `Heard “${heard.text}” (${heard.typed ? "typed or tapped" : `sure ${Math.round(heard.confidence * 100)}%`})`
      + (heard.understood ? ` → ${heard.understood}` : " → not understood")
    : "";
  renderReading(moment.reading);
  renderSheets(moment.sheets, moment.whose_turn);
  fill($("board"), moment.board, (line) => element("li", line));
  renderMap(moment.map);
  renderTimer(moment);
  fill($("history"), moment.history, (line) => element("li", line));
  if (moment.player) {
    $("private-panel").hidden = false;
    $("me").textContent = moment.player;
    fill($("private"), moment.private.length ? moment.private : ["Nothing secret yet."],
         (line) => element("li", line));
  }
}

async function tap(index, button) {
  button.classList.add("sent");
  const response = await fetch("/tap", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ t: token, serial, index }),
  });
  if (!response.ok) button.classList.remove("sent");
}

function connect() {
  const events = new EventSource(`/events?t=${encodeURIComponent(token)}`);
  events.onopen = () => { $("link").textContent = "Live"; };
  events.onmessage = (event) => render(JSON.parse(event.data));
  events.onerror = () => { $("link").textContent = "Reconnecting…"; };
}

connect();
