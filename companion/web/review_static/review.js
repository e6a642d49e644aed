"use strict";
const token = new URLSearchParams(location.search).get("t");

async function load() {
  const answer = await fetch(`doubts?t=${encodeURIComponent(token)}`, {cache: "no-store"});
  const doubts = await answer.json();
  document.getElementById("summary").textContent =
    `${doubts.length} paragraph${doubts.length === 1 ? "" : "s"} to look at.`;
  const main = document.getElementById("doubts");
  const template = document.getElementById("doubt");
  for (const doubt of doubts) {
    const section = template.content.firstElementChild.cloneNode(true);
    section.id = `p${doubt.number}`;
    section.querySelector("h2").textContent = `¶${doubt.number}`;
    section.querySelector(".where").textContent = doubt.where;
    for (const why of doubt.why) {
      const item = document.createElement("li");
      item.textContent = why;
      section.querySelector(".why").append(item);
    }
    const crop = section.querySelector(".crop");
    if (doubt.crop) {
      crop.src = `crop?t=${encodeURIComponent(token)}&p=${doubt.number}`;
    } else {
      crop.remove();
    }
    const text = section.querySelector("textarea");
    text.value = doubt.text;
    section.querySelector(".save").addEventListener("click", () => save(doubt.number, text,
      section.querySelector(".status")));
    main.append(section);
  }
}

async function save(number, text, status) {
  status.textContent = "Saving…";
  const answer = await fetch("save", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({t: token, number, text: text.value}),
  });
  status.textContent = answer.ok ? "Saved." : (await answer.json()).error;
}

load();
