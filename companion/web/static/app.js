// The table display: follows the game through server-sent events; taps answer questions.
"use strict";
const token = new URLSearchParams(location.search).get("t") || "";
const $ = (id) => document.getElementById(id);
let serial = 0;

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
