"use strict";
const token = new URLSearchParams(location.search).get("t");
const KINDS = {
  p: {name: "paragraph", file: "book.txt", key: (doubt) => ({number: Number(doubt.key)})},
  m: {name: "matrix", file: "matrices.txt", key: (doubt) => ({matrix: doubt.key})},
};

function counted(doubts, kind) {
  const count = doubts.filter((doubt) => doubt.kind === kind).length;
  const name = KINDS[kind].name;
  return `${count} ${count === 1 ? name : name === "matrix" ? "matrices" : `${name}s`}`;
}

// The server's answer as {ok, said}: its JSON, or what went wrong in words (a plain-text
// error page, a server no longer running), so that no status is left at "Saving…".
async function asked(address, options = {}) {
  let answer;
  try {
    answer = await fetch(address, {cache: "no-store", ...options});
  } catch {
    return {ok: false, said: {error: "The review server does not answer: is companion review still running?"}};
  }
  try {
    return {ok: answer.ok, said: await answer.json()};
  } catch {
    return {ok: false, said: {error: `The review server answered ${answer.status} ${answer.statusText}.`}};
  }
}

async function load() {
  const {ok, said: doubts} = await asked(`doubts?t=${encodeURIComponent(token)}`);
  if (!ok) {
    document.getElementById("summary").textContent = doubts.error;
    return;
  }
  const summary = `${counted(doubts, "p")} and ${counted(doubts, "m")} to look at`;
  const main = document.getElementById("doubts");
  for (const doubt of doubts) {
    main.append(shown(doubt));
  }
  const first = document.getElementById("first-unsaved");
  first.addEventListener("click", () => goneToUnsaved(main, null));
  const count = () => {
    const saved = main.querySelectorAll(".doubt.saved").length;
    document.getElementById("summary").textContent = `${summary}; ${saved} saved.`;
    first.hidden = saved === doubts.length;
  };
  main.addEventListener("saved", count);
  count();
}

// The owner's way through a long review: the next doubt after `from` (or the first, from
// null) not saved yet, wrapping round; its text box takes the keyboard. False when every
// doubt is saved.
function goneToUnsaved(main, from) {
  const sections = [...main.querySelectorAll(".doubt")];
  const start = from === null ? 0 : sections.indexOf(from) + 1;
  const next = [...sections.slice(start), ...sections.slice(0, start)]
    .find((section) => section !== from && !section.classList.contains("saved"));
  if (!next) {
    return false;
  }
  next.scrollIntoView({block: "start"});
  next.querySelector("textarea").focus({preventScroll: true});
  return true;
}

function shown(doubt) {
  const kind = KINDS[doubt.kind];
  const template = document.getElementById("doubt");
  const section = template.content.firstElementChild.cloneNode(true);
  section.id = `${doubt.kind}${doubt.key}`;
  section.classList.add(kind.name);
  section.querySelector("h2").textContent = doubt.title;
  if (doubt.saved) {
    section.classList.add("saved");
    section.querySelector(".status").textContent = "Saved since the import.";
  }
  section.querySelector(".where").textContent = doubt.where;
  for (const why of doubt.why) {
    const item = document.createElement("li");
    item.textContent = why;
    section.querySelector(".why").append(item);
  }
  section.querySelector(".crops").append(...doubt.crops.map(
    (crop, part) => cropped(doubt, kind, crop, part)));
  const text = section.querySelector("textarea");
  text.value = doubt.text;
  section.querySelector(".hint").textContent =
    `Blank lines and extra spaces mean nothing in ${kind.file}; they are left out when saved.`;
  const button = section.querySelector(".save");
  button.textContent = `Save into ${kind.file}`;
  button.addEventListener("click", () => save(kind, kind.key(doubt), text, section));
  section.querySelector(".next").addEventListener("click", () => {
    if (!goneToUnsaved(section.parentElement, section)) {
      section.querySelector(".status").textContent = section.classList.contains("saved") ?
        "Every one is saved: nothing left to look at." : "Every other one is saved: this is the last.";
    }
  });
  return section;
}

// One part of the page it was read from, the lines its doubts are about marked on it.
function cropped(doubt, kind, {page, width, height}, part) {
  const crop = document.createElement("img");
  crop.className = "crop";
  crop.loading = "lazy";  // a book's review may show hundreds: each is cut when scrolled near
  if (width && height) {  // its room kept before it loads, so the page does not jump
    crop.width = width;
    crop.height = height;
  }
  const marks = doubt.marks.filter((mark) => mark.part === part);
  const marked = marks.length ? `; ${marks.length === 1 ? "the line" : "the lines"} in doubt marked` : "";
  crop.alt = `Page ${page}, where this ${kind.name} was read (part ${part + 1} of ${doubt.crops.length})${marked}`;
  crop.src = `crop?t=${encodeURIComponent(token)}&${doubt.kind}=${encodeURIComponent(doubt.key)}&i=${part}`;
  const holder = document.createElement("div");
  holder.className = "cropped";
  holder.append(crop, ...marks.map(markedLine));
  return holder;
}

function markedLine(mark) {
  const line = document.createElement("div");
  line.className = "mark";
  for (const side of ["left", "top", "width", "height"]) {
    line.style[side] = `${100 * mark[side]}%`;
  }
  return line;
}

async function save(kind, subject, text, section) {
  const status = section.querySelector(".status");
  status.textContent = "Saving…";
  const {ok, said} = await asked("save", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({t: token, ...subject, text: text.value}),
  });
  if (!ok) {
    status.textContent = said.error;
    return;
  }
  status.textContent = said.text === text.value ? "Saved." :
    `Saved as the box now shows: blank lines and extra spaces left out (they mean nothing in ${kind.file}).`;
  text.value = said.text;
  section.classList.add("saved");
  section.dispatchEvent(new Event("saved", {bubbles: true}));
}

load();
