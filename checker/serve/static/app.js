// checker serve: the form is built from the game's state schema (what `checker schema` prints),
// the state is written as TOML and settled by POST /api/resolve (the CLI's own resolve).
// Every text from a state or a verdict goes into the page as text (textContent), never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
let games = [];          // the served games: name, title, rules, players
let game = null;         // the chosen game's description (schema, records, map)
let state = null;        // the state as TOML tables: { game, ..., players: [...] }
let fileName = "state.toml";
let last = null;         // the last verdict: { json, text, state }
let baseline = null;     // the first verdict of a what-if

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) node.append(kid);
  return node;
}

async function api(method, path, body) {
  const response = await fetch(path, { method, body, headers: body ? { "content-type": "application/toml" } : {} });
  const text = await response.text();
  let json = null;
  try { json = JSON.parse(text); } catch (e) { json = { error: text }; }
  return { status: response.status, text, json };
}

// ---- the schema, read as form fields -------------------------------------------------------------

function table(path) { return game.schema.tables.find((t) => t.path === path); }

function kindOf(field, path) {
  const type = field.type;
  if (["game", "players"].includes(field.name) && path === "") return "skip";
  if (type === "table" && table(path ? `${path}.${field.name}` : field.name)) return "table";
  if (field.name === "kind" && /one of /.test(field.means)) return "enum";
  if (type === "player name" || (type === "text" && /name of the player/.test(field.means))) return "player";
  if (/^whole number/.test(type)) return "int";
  if (/^list of whole numbers/.test(type)) return "ints";
  if (/^list of squares/.test(type)) return "squares";
  if (/^square/.test(type)) return "square";
  if (field.ids.length) return /^list/.test(type) ? "cards" : "card";
  if (enumOf(field)) return "enum";
  if (/^list of [\w -]+$/.test(type) && !/table/.test(type)) return "list";
  if (/^(text|.* id|.* id or name|.*reference)$/.test(type)) return "text";
  return "raw";
}

function enumOf(field) {
  const source = field.name === "kind" ? field.means.replace(/^one of /, "") : field.type;
  const match = /^([\w-]+(?:, [\w-]+)*)(?:,)? or ([\w-]+)$/.exec(source) || /^([\w-]+(?:, [\w-]+)+)$/.exec(source);
  if (!match) return null;
  const words = match[1].split(", ").concat(match[2] ? [match[2]] : []);
  return words.map((w) => (w === "true" ? true : w === "false" ? false : /^\d+$/.test(w) ? Number(w) : w));
}

function limits(type) {
  const m = /(\d+) to (\d+)/.exec(type);
  return m ? [Number(m[1]), Number(m[2])] : [0, null];
}

function records(field) {
  const seen = new Set();
  const out = [];
  for (const schema of field.ids) for (const r of game.records[schema] || []) {
    if (!seen.has(r.id)) { seen.add(r.id); out.push(r); }
  }
  return out;
}

function record(id) {
  for (const list of Object.values(game.records)) for (const r of list) if (r.id === id) return r;
  return null;
}

// ---- TOML, as `checker resolve` reads it -----------------------------------------------------------

function tomlString(text) {
  return JSON.stringify(text).replace(/\u007f/g, "\\u007f");
}
function tomlKey(key) { return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key); }
function tomlValue(value) {
  if (value && typeof value === "object" && "raw" in value && Object.keys(value).length === 1 && typeof value.raw === "string")
    return value.raw.replace(/[\r\n]+/g, " ");
  if (typeof value === "string") return tomlString(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(", ")}]`;
  const parts = Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`);
  return parts.length ? `{ ${parts.join(", ")} }` : "{}";
}
function isTable(value) { return value && typeof value === "object" && !Array.isArray(value) && !("raw" in value); }

function toml(current) {
  const lines = ["format = 1"];
  const tables = [];
  for (const [key, value] of Object.entries(current)) {
    if (value === undefined) continue;
    if (key === "players") continue;
    if (isTable(value)) { if (Object.values(value).some((v) => v !== undefined)) tables.push([key, value]); }
    else lines.push(`${tomlKey(key)} = ${tomlValue(value)}`);
  }
  for (const [key, value] of tables) {
    lines.push("", `[${tomlKey(key)}]`);
    for (const [k, v] of Object.entries(value)) if (v !== undefined) lines.push(`${tomlKey(k)} = ${tomlValue(v)}`);
  }
  for (const row of current.players || []) {
    lines.push("", "[[players]]");
    for (const [k, v] of Object.entries(row)) if (v !== undefined) lines.push(`${tomlKey(k)} = ${tomlValue(v)}`);
  }
  return lines.join("\n") + "\n";
}

// ---- the form ----------------------------------------------------------------------------------------

function names() { return state.players.map((p) => p.name || ""); }

function fieldsOf(path, holder, scope, player) {
  // The fields of table `path` whose values live in `holder`; `scope` is the field path refusals name.
  // Required fields and those given come first; the rest (their defaults apply) folded under "More".
  const box = el("div", { class: "fields" });
  const more = el("details", { class: "more" }, el("summary", { text: "More fields (defaults apply)" }));
  const t = table(path);
  for (const field of t.fields) {
    const kind = kindOf(field, path);
    if (kind === "skip") continue;
    if (field.kinds.length && !field.kinds.includes(holder.kind)) continue;
    if (path === "players" && field.name === "play" && holder.gone === true) continue;
    if (path === "players" && field.name === "name") continue;  // named in the seats above
    const shown = field.default.startsWith("required") || holder[field.name] !== undefined || kind === "player"
      || (path.endsWith("play") && asked(holder.card, field.name));
    (shown ? box : more).append(fieldRow(field, kind, path, holder, scope ? `${scope}.${field.name}` : field.name, player));
  }
  if (more.childElementCount > 1) box.append(more);
  return box;
}

function fieldRow(field, kind, path, holder, where, player) {
  const required = field.default.startsWith("required");
  const row = el("div", { class: `field ${kind}`, "data-field": where, "data-player": player });
  const label = el("label", { text: field.name + (required ? " *" : "") });
  const help = el("small", { text: `${field.means}${required ? "" : ` (default: ${field.default})`}` });
  const set = (value) => {
    if (value === "" || value === null || value === undefined || (Array.isArray(value) && !value.length)) delete holder[field.name];
    else holder[field.name] = value;
  };
  const value = holder[field.name];
  let input = null;
  if (kind === "table") {
    const sub = path ? `${path}.${field.name}` : field.name;
    if (!isTable(holder[field.name])) holder[field.name] = {};
    const open = required || Object.keys(holder[field.name]).length > 0;
    const box = el("details", { class: "sub", open });
    box.append(el("summary", { text: field.name + (required ? " *" : "") + ": " + table(sub).means }));
    box.append(fieldsOf(sub, holder[field.name], where, player));
    row.append(box);
    return row;
  }
  row.append(label);
  const id = `f-${Math.random().toString(36).slice(2)}`;
  label.setAttribute("for", id);
  if (kind === "enum" || kind === "player") {
    const options = kind === "player" ? names().filter(Boolean) : enumOf(field);
    input = el("select", { id, name: field.name });
    input.append(el("option", { value: "", text: required ? "choose…" : `default (${field.default})` }));
    options.forEach((o, i) => input.append(el("option", { value: String(i), text: String(o), selected: o === value })));
    input.addEventListener("change", () => {
      set(input.value === "" ? undefined : options[Number(input.value)]);
      if (field.name === "kind") {  // the fields of another kind are not this action's
        for (const other of table(path).fields) if (other.kinds.length && !other.kinds.includes(holder.kind)) delete holder[other.name];
      }
      if (field.name === "kind" || field.name === "gone") render();
    });
  } else if (kind === "int") {
    const [low, high] = limits(field.type);
    input = el("input", { id, name: field.name, type: "number", inputmode: "numeric", min: low, max: high, placeholder: field.default, value: value ?? "" });
    input.addEventListener("change", () => set(input.value === "" ? undefined : Number(input.value)));
  } else if (kind === "card" || kind === "cards") {
    input = cardField(field, kind, holder, set, id);
  } else if (kind === "square" || kind === "squares") {
    input = squareField(field, kind, holder, set, id);
  } else {
    const shown = kind === "raw" ? (value === undefined ? "" : (value.raw ?? tomlValue(value)))
      : kind === "ints" || kind === "list" ? (value || []).join(", ") : (value ?? "");
    input = el("input", { id, name: field.name, type: "text", value: shown,
      placeholder: kind === "raw" ? "a TOML value" : kind === "ints" || kind === "list" ? "comma-separated" : field.default });
    input.addEventListener("change", () => {
      const text = input.value.trim();
      if (kind === "raw") set(text ? { raw: text } : undefined);
      else if (kind === "ints") set(text ? text.split(/[,\s]+/).filter(Boolean).map(Number) : undefined);
      else if (kind === "list") set(text ? text.split(",").map((s) => s.trim()).filter(Boolean) : undefined);
      else set(input.value);
      if (field.name === "name" && path === "players") render();
    });
  }
  row.append(input, help);
  if (path.endsWith("play") && field.name === "card" && holder.card) row.append(needs(holder.card));
  return row;
}

function asked(id, name) {
  // Whether the chosen card asks for this field: the end of a two-ended card, the way its arrow turns.
  const r = id ? record(id) : null;
  return Boolean(r && ((name === "option" && r.two_ended) || (name === "direction" && r.arrow === "either")));
}

function needs(id) {
  // What the chosen card asks of the player: which end reads upright, where its arrow points.
  const r = record(id);
  const asks = [];
  if (r && r.two_ended) asks.push("two-ended: choose option 1 or 2");
  if (r && r.arrow === "either") asks.push("its arrow turns: choose direction left or right");
  else if (r && r.arrow) asks.push(`its arrow points ${r.arrow}`);
  return asks.length ? el("p", { class: "needs", text: `${r.name}: ${asks.join("; ")}` }) : null;
}

function face(r, extra) {
  const img = el("img", { src: `faces/${encodeURIComponent(game.name)}/${encodeURIComponent(r.component)}/${encodeURIComponent(r.id)}.png`,
    alt: "", loading: "lazy", width: 75, height: 105 });
  return el("span", { class: "face" }, img, el("span", { text: r.name + (extra || "") }));
}

function cardField(field, kind, holder, set, id) {
  const box = el("div", { class: "cards", id });
  const chosen = kind === "card" ? (holder[field.name] === undefined ? [] : [holder[field.name]]) : (holder[field.name] || []);
  chosen.forEach((value, i) => {
    const r = typeof value === "string" ? record(value) : null;
    const label = r ? face(r) : el("span", { class: "face", text: typeof value === "string" ? value : tomlValue(value) });
    box.append(el("button", { type: "button", class: "chip", title: "tap to remove", "aria-label": `remove ${r ? r.name : value}`,
      onclick: () => { const left = chosen.filter((_, j) => j !== i); set(kind === "card" ? left[0] : left); render(); } }, label));
  });
  box.append(el("button", { type: "button", class: "add", text: kind === "card" ? (chosen.length ? "Change…" : "Choose…") : "+ Add…",
    onclick: () => pick(field, (r) => {
      if (kind === "card") { set(r.id); closePicker(); } else { set((holder[field.name] || []).concat([r.id])); }
      render();
    }) }));
  return box;
}

function pick(field, chosen) {
  $("picker-title").textContent = `${field.name}: tap a card`;
  $("picker-note").textContent = field.means;
  const body = $("picker-body");
  body.replaceChildren();
  const grid = el("div", { class: "grid" });
  for (const r of records(field)) grid.append(el("button", { type: "button", class: "pick", "data-id": r.id,
    onclick: () => chosen(r) }, face(r)));
  body.append(grid);
  $("picker").hidden = false;
}
function closePicker() { $("picker").hidden = true; }

// ---- Eldorado's map: squares tapped on the picture or typed, checked against the map ------------------

const TERRAIN = { sea: "#7fb3d5", river: "#3d8fd1", jungle: "#3e8e41", mountains: "#8d7b68", savanna: "#c9c26a",
  desert: "#e6cf8b", farmland: "#a4c96b" };

function squareField(field, kind, holder, set, id) {
  const box = el("div", { class: "squares" });
  const value = holder[field.name];
  const text = kind === "square" ? (value ?? "") : (value || []).join(", ");
  const input = el("input", { id, name: field.name, type: "text", value: text, autocapitalize: "characters",
    placeholder: kind === "square" ? "e.g. K12" : "e.g. K12, K13" });
  const problem = el("p", { class: "refusal", hidden: true });
  const take = () => {
    const words = input.value.split(/[,\s]+/).map((w) => w.trim().toUpperCase()).filter(Boolean);
    const off = words.filter((w) => !game.map.squares.includes(w) && !(kind === "square" && w === "NONE"));
    problem.hidden = !off.length;
    problem.textContent = off.length ? `not on the map: ${off.join(", ")} (columns A to ${game.map.squares[game.map.width - 1].replace(/\d+$/, "")}, rows 1 to ${game.map.height})` : "";
    set(kind === "square" ? (words[0] === "NONE" ? "none" : words[0]) : words);
  };
  input.addEventListener("change", take);
  box.append(input, el("button", { type: "button", class: "map-button", text: "Map…",
    onclick: () => map(field, kind, input.value.toUpperCase().split(/[,\s]+/), (square) => {
      input.value = kind === "square" ? square : [input.value.trim(), square].filter(Boolean).join(", ");
      take();
      if (kind === "square") { closePicker(); render(); }
    }) }), problem);
  return box;
}

function map(field, kind, chosen, tapped) {
  const m = game.map;
  const size = 16;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${m.width * size} ${m.height * size}`);
  svg.setAttribute("width", m.width * size);
  svg.setAttribute("class", "map");
  const readout = el("p", { class: "readout", text: "Tap a square." });
  m.squares.forEach((square, i) => {
    const rect = document.createElementNS(ns, "rect");
    rect.setAttribute("x", (i % m.width) * size);
    rect.setAttribute("y", Math.floor(i / m.width) * size);
    rect.setAttribute("width", size);
    rect.setAttribute("height", size);
    rect.setAttribute("fill", TERRAIN[m.terrain[i]] || "#ccc");
    rect.setAttribute("data-square", square);
    const classes = [m.marks[square] ? (m.marks[square].startsWith("city") ? "city" : "mark") : "",
      chosen.includes(square) ? "chosen" : ""].filter(Boolean);
    if (classes.length) rect.setAttribute("class", classes.join(" "));
    const title = document.createElementNS(ns, "title");
    title.textContent = `${square}: ${m.terrain[i]}${m.marks[square] ? `; ${m.marks[square]}` : ""}`;
    rect.append(title);
    rect.addEventListener("click", () => {
      readout.textContent = `${title.textContent}${kind === "squares" ? " (added)" : ""}`;
      rect.classList.add("chosen");
      tapped(square);
    });
    svg.append(rect);
  });
  $("picker-title").textContent = `${field.name}: tap the map`;
  $("picker-note").textContent = field.means;
  $("picker-body").replaceChildren(el("div", { class: "map-box" }, svg), readout);
  $("picker").hidden = false;
}

// ---- the page's parts ----------------------------------------------------------------------------------

function renderNames() {
  const list = $("names");
  list.replaceChildren();
  const [low, high] = game.players;
  state.players.forEach((row, i) => {
    const input = el("input", { type: "text", value: row.name || "", placeholder: `seat ${i + 1}`, "aria-label": `name of seat ${i + 1}`, maxlength: 60 });
    input.addEventListener("change", () => { row.name = input.value; render(); });
    const up = el("button", { type: "button", text: "↑", "aria-label": "move up", disabled: i === 0,
      onclick: () => { state.players.splice(i - 1, 0, state.players.splice(i, 1)[0]); render(); } });
    const drop = el("button", { type: "button", text: "×", "aria-label": "remove", disabled: state.players.length <= low,
      onclick: () => { state.players.splice(i, 1); render(); } });
    list.append(el("li", {}, input, up, drop));
  });
  $("add-player").disabled = state.players.length >= high;
}

function render() {
  renderNames();
  $("top").replaceChildren(fieldsOf("", state, "", null));
  const rows = $("rows");
  rows.replaceChildren();
  state.players.forEach((row, i) => {
    const box = el("details", { class: "player", open: true });
    box.append(el("summary", { text: row.name || `seat ${i + 1}` }), fieldsOf("players", row, "", String(i)));
    rows.append(box);
  });
  for (const id of ["seats", "table", "players", "actions", "files"]) $(id).hidden = false;
}

async function chooseGame(name, loaded) {
  const answer = await api("GET", `api/games/${encodeURIComponent(name)}`);
  game = answer.json;
  if (loaded) state = loaded;
  else state = { game: name, players: Array.from({ length: game.players[0] }, () => ({})) };
  for (const button of document.querySelectorAll("#game-list button")) button.setAttribute("aria-pressed", button.dataset.game === name);
  baseline = null;
  last = null;
  $("verdict").hidden = true;
  render();
}

// ---- resolving, and what the verdict says ----------------------------------------------------------------

async function resolve() {
  const sent = toml(state);
  const answer = await api("POST", `api/resolve?name=${encodeURIComponent(fileName)}`, sent);
  for (const old of document.querySelectorAll(".field .refusal.server")) old.remove();
  const out = $("verdict");
  out.hidden = false;
  out.replaceChildren();
  if (answer.status !== 200) {
    out.append(el("h2", { text: "Refused" }), el("p", { class: "refusal", text: answer.json.error }));
    besideField(answer.json);
    out.scrollIntoView();
    return;
  }
  const verdict = answer.json;
  const previous = baseline;
  last = { json: verdict, text: answer.text };
  out.append(el("h2", { text: "Verdict" }), el("p", { class: "headline", text: verdict.headline || verdict.verdict[0] || "" }));
  const players = new Set(names());
  const changes = el("ul", { class: "changes" });
  for (const line of verdict.verdict) {
    if (line === verdict.headline) continue;
    const who = line.split(": ")[0];
    changes.append(el("li", { class: players.has(who) ? "player-change" : "table-change" },
      players.has(who) ? el("strong", { text: who }) : null, players.has(who) ? line.slice(who.length) : line));
  }
  out.append(changes);
  if (verdict.game_over) out.append(el("p", { class: "over", text: `Game over. Winner(s): ${(verdict.winners || []).join(", ")}` }));
  for (const note of verdict.notes || []) out.append(el("p", { class: "note", text: `Note: ${note}` }));
  if (previous) out.append(differences(previous, verdict));
  const steps = el("ol", { class: "steps" });
  for (const step of verdict.log) {
    const who = [step.priority && `[${step.priority}]`, step.player, step.card && `(${step.card})`].filter(Boolean).join(" ");
    steps.append(el("li", {}, el("details", {}, el("summary", { text: `${who ? who + ": " : ""}${step.text}` }),
      el("p", { class: "rule", text: `rule: ${step.rule}` }))));
  }
  out.append(el("h3", { text: `Steps (${verdict.log.length}): tap one for its rule` }), steps);
  out.scrollIntoView();
  $("whatif").disabled = false;
  $("next").disabled = false;
  $("save-verdict").disabled = false;
}

function besideField(refusal) {
  // The CLI's message beside the field it names (its longest listed part the form shows), else at the top.
  const player = refusal.player === null ? null : names().indexOf(refusal.player);
  const parts = (refusal.field || "").replace(/\[\d+\]/g, "").split(".");
  const rows = [...document.querySelectorAll(".field")];
  for (let n = parts.length; n > 0; n--) {
    const want = parts.slice(0, n).join(".");
    const found = rows.find((r) => r.dataset.field === want && player !== null && player >= 0 && r.dataset.player === String(player))
      || rows.find((r) => r.dataset.field === want && r.dataset.player === undefined);
    if (found) {
      found.append(el("p", { class: "refusal server", role: "alert", text: refusal.error }));
      found.closest("details:not([open])")?.setAttribute("open", "");
      found.scrollIntoView();
      return;
    }
  }
}

function differences(before, after) {
  const lines = (v) => [v.headline || "", ...v.verdict].filter(Boolean);
  const was = lines(before).filter((l) => !lines(after).includes(l));
  const now = lines(after).filter((l) => !lines(before).includes(l));
  const box = el("div", { class: "differences" }, el("h3", { text: "What differs from the first verdict" }));
  if (!was.length && !now.length) box.append(el("p", { text: "Nothing: the same verdict." }));
  const list = el("ul");
  for (const l of was) list.append(el("li", { class: "was" }, el("strong", { text: "was: " }), l));
  for (const l of now) list.append(el("li", { class: "now" }, el("strong", { text: "now: " }), l));
  box.append(list);
  return box;
}

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function open(file) {
  const problem = $("open-error");
  problem.hidden = true;
  if (file.size > 256000) { problem.hidden = false; problem.textContent = `${file.name}: expected at most 256000 bytes`; return; }
  const safe = /^[\w.-]{1,80}$/.test(file.name) && !file.name.startsWith(".") ? file.name : "state.toml";
  const answer = await api("POST", `api/parse?name=${encodeURIComponent(safe)}`, await file.text());
  if (answer.status !== 200) { problem.hidden = false; problem.textContent = answer.json.error; return; }
  const loaded = answer.json;
  if (!games.some((g) => g.name === loaded.game)) {
    problem.hidden = false;
    problem.textContent = `${safe}: game: expected one of ${games.map((g) => g.name).join(", ")} (the served games), got ${JSON.stringify(loaded.game)}`;
    return;
  }
  fileName = safe;
  await chooseGame(loaded.game, loaded);
}

async function start() {
  games = (await api("GET", "api/games")).json;
  for (const g of games) $("game-list").append(el("button", { type: "button", "data-game": g.name, text: g.title,
    onclick: () => { fileName = "state.toml"; chooseGame(g.name); } }));
  $("add-player").addEventListener("click", () => { state.players.push({}); render(); });
  $("resolve").addEventListener("click", resolve);
  $("whatif").addEventListener("click", () => { baseline = last.json; $("whatif-note").hidden = false; });
  $("next").addEventListener("click", () => {
    state = last.json.state;
    baseline = null;
    $("whatif-note").hidden = true;
    $("verdict").hidden = true;
    for (const id of ["whatif", "next", "save-verdict"]) $(id).disabled = true;
    render();
  });
  $("save-state").addEventListener("click", () => download(fileName, "application/toml", toml(state)));
  $("save-verdict").addEventListener("click", () => download(fileName.replace(/\.toml$/, "") + ".verdict.json", "application/json", last.text));
  $("open").addEventListener("change", (e) => { if (e.target.files[0]) open(e.target.files[0]); e.target.value = ""; });
  $("picker-done").addEventListener("click", () => { closePicker(); render(); });
}

start();
