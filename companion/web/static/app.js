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

// The map: pinch or the zoom buttons scale it inside its panel, a finger pans it there.
// null: the whole map fits the panel's width (a wide screen's default); a number: SVG
// units per pixel, 1 on a phone (its labels 14 to 16 px).
let mapZoom = null;
let mapFocus = "";
const MOST_ZOOM = 3;
const ZOOM_STEP = 1.4;

async function renderMap(map, whoseTurn) {
  $("map-panel").hidden = !map;
  if (!map) return;
  if (map.drawing !== drawing) {
    const response = await fetch(`/map?t=${encodeURIComponent(token)}`);
    if (!response.ok) return;
    $("map").innerHTML = await response.text();  // our own server's SVG, names escaped
    drawing = map.drawing;
    if (drawing && mapZoom === null && $("map").clientWidth < 600) mapZoom = 1;
    mapFocus = "";
  }
  const svg = $("map").querySelector("svg");
  if (!svg) return;
  applyZoom(svg);
  const reach = new Set(map.highlighted_names || []);
  svg.classList.toggle("choosing", reach.size > 0);
  svg.querySelectorAll(".space").forEach((space) => {
    space.classList.toggle("in-reach", reach.has(space.dataset.space));
  });
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
    piece.setAttribute("class", whoseTurn.includes(name) ? "marker current" : "marker");
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
  // Centre on the spaces in reach (or the current hero) when they change, not at every
  // update: a player who panned away is left where they looked.
  const focus = JSON.stringify([map.highlighted, whoseTurn]);
  if (focus !== mapFocus) {
    mapFocus = focus;
    centreMapOn(overlay.querySelectorAll(".reach").length ? overlay.querySelectorAll(".reach")
      : overlay.querySelectorAll(".marker.current, .marker"));
  }
}

function naturalWidth(svg) {
  return Number(svg.getAttribute("width")) || svg.viewBox.baseVal.width || 1;
}

function applyZoom(svg) {
  svg.style.width = mapZoom === null ? "100%" : `${naturalWidth(svg) * mapZoom}px`;
}

// Zoom to ``zoom`` keeping the map's point under (x, y) (the panel's centre by default) in place.
function zoomTo(zoom, x, y) {
  const box = $("map");
  const svg = box.querySelector("svg");
  if (!svg) return;
  const frame = box.getBoundingClientRect();
  const before = svg.getBoundingClientRect();
  const cx = x ?? frame.left + box.clientWidth / 2;
  const cy = y ?? frame.top + box.clientHeight / 2;
  const fx = (cx - before.left) / before.width;
  const fy = (cy - before.top) / before.height;
  const fit = box.clientWidth / naturalWidth(svg);
  mapZoom = Math.min(MOST_ZOOM, Math.max(fit, zoom));
  applyZoom(svg);
  const after = svg.getBoundingClientRect();
  box.scrollLeft += after.left + fx * after.width - cx;
  box.scrollTop += after.top + fy * after.height - cy;
}

function currentZoom() {
  const svg = $("map").querySelector("svg");
  return svg ? svg.getBoundingClientRect().width / naturalWidth(svg) : 1;
}

function centreMapOn(nodes) {
  // Scroll the map (never the page) so that these nodes' middle is in view.
  if (!nodes.length) return;
  const box = $("map");
  const frame = box.getBoundingClientRect();
  const spots = [...nodes].map((node) => node.getBoundingClientRect());
  const left = Math.min(...spots.map((spot) => spot.left));
  const right = Math.max(...spots.map((spot) => spot.right));
  const top = Math.min(...spots.map((spot) => spot.top));
  const bottom = Math.max(...spots.map((spot) => spot.bottom));
  box.scrollLeft += (left + right) / 2 - (frame.left + box.clientWidth / 2);
  box.scrollTop += (top + bottom) / 2 - (frame.top + box.clientHeight / 2);
}

function spread(touches) {
  const [a, b] = [touches[0], touches[1]];
  return {
    distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1,
    x: (a.clientX + b.clientX) / 2,
    y: (a.clientY + b.clientY) / 2,
  };
}

let pinch = null;
$("map").addEventListener("touchstart", (event) => {
  pinch = event.touches.length === 2 ? spread(event.touches) : null;
}, { passive: true });
$("map").addEventListener("touchmove", (event) => {
  if (event.touches.length !== 2 || pinch === null) return;
  event.preventDefault();  // the page itself does not zoom: the map does
  const now = spread(event.touches);
  zoomTo(currentZoom() * now.distance / pinch.distance, now.x, now.y);
  pinch = now;
}, { passive: false });
$("map").addEventListener("touchend", (event) => {
  if (event.touches.length < 2) pinch = null;
});
$("zoom-in").addEventListener("click", () => zoomTo(currentZoom() * ZOOM_STEP));
$("zoom-out").addEventListener("click", () => zoomTo(currentZoom() / ZOOM_STEP));
$("zoom-fit").addEventListener("click", () => {
  mapZoom = null;
  const svg = $("map").querySelector("svg");
  if (svg) applyZoom(svg);
});

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
  renderMap(moment.map, moment.whose_turn || "");
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
