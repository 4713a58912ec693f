// app.js: the page. It opens a session (its own engine on the server), draws each state the
// server sends, and turns every button and leg into a request. The server judges
// everything: a refused request comes back with the reason, which is shown, and the state,
// which is unchanged.
"use strict";

const page = {
  id: null,
  state: null, // the last state drawn
  info: null, // the engine's last lines
  socket: null,
  error: null, // the last refusal, until the next request succeeds
  board: null,
  chart: null,
};
window.troyka = page; // for the browser test, and the curious

const $ = (id) => document.getElementById(id);

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function sideName(index) {
  return capital(page.state ? page.state.sides[index] : ["white", "black"][index]);
}

// A request to the API: the parsed JSON answer, or an Error with the server's reason (and
// the unchanged state, when a session refused it).
async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { data = null; }
  if (!response.ok) {
    const error = new Error(data && data.error ? data.error : `${response.status} ${text}`);
    error.state = data ? data.state : null;
    throw error;
  }
  return data;
}

// A command on this page's session; draws the new state, or says why it was refused.
// The message line is shown anew either way: the WebSocket may already have brought a
// newer state than the answer's (Troyka's reply, on a slow network), which `render` then
// does not draw, and the last refusal must still go (or this one show).
async function command(name, body) {
  try {
    const state = await call("POST", `/api/sessions/${page.id}/${name}`, body || {});
    page.error = null;
    render(state);
    showMessage();
    return true;
  } catch (error) {
    page.error = error.message;
    if (error.state) render(error.state);
    showMessage();
    return false;
  }
}

function showMessage() {
  const text = page.error || (page.state && page.state.message);
  $("message").hidden = !text;
  $("message").textContent = text || "";
}

function humanToMove(state) {
  return !state.outcome && state.players[state.to_move] === "human";
}

// The empty board of Breakthru's setup phase: the flagship on f6, every other piece in hand.
const SETUP_FEN = "11/11/11/11/11/5F5/11/11/11/11/11[EEEEEEEEEEEEssssssssssssssssssss] g 0 1";

// Whether the side to move is placing its fleet (its legal legs are placements, `E@e5`).
function placing(state) {
  return state.legal.some((leg) => leg.includes("@"));
}

// Draws a state, unless a newer one has been drawn already.
function render(state) {
  if (page.state && page.state.id === state.id && state.version < page.state.version) return;
  page.state = state;
  page.board.show(state, humanToMove(state));
  renderStatus(state);
  renderSettings(state);
  renderMoves(state);
  page.chart.show(state.evals, state.cursor, sideName(0));
  $("solver").hidden = !state.solvable;
  $("verdict").textContent = state.verdict || "";
  if (document.activeElement !== $("fen")) $("fen").value = state.fen;
  // The lines stay while the position does, but say whether the engine still searches.
  renderLines(page.info && page.info.generation === state.generation ? page.info : null);
  showMessage();
}

function renderStatus(state) {
  const result = $("result");
  if (state.outcome) {
    const { result: score, winner, reason } = state.outcome;
    const who = winner === null ? "drawn" : `${sideName(winner)} wins`;
    result.textContent = `${score} · ${who}: ${reason}`;
    result.hidden = false;
  } else {
    result.hidden = true;
  }
  let status = state.outcome ? "Game over" : `${sideName(state.to_move)} to move`;
  if (state.cursor < state.moves.length) status += ` (after move ${state.cursor} of ${state.moves.length})`;
  const setup = placing(state) || state.legs.some((leg) => leg.includes("@"));
  if (setup) {
    const left = state.fen.includes("[") ? state.fen.slice(state.fen.indexOf("[") + 1, state.fen.indexOf("]")) : "";
    const mine = [...left].filter((letter) => (letter === "E") === (state.to_move === 0)).length;
    status += ` · placing: ${mine} to place (click squares of the ${state.to_move === 0 ? "centre, d4–h8" : "periphery, outside d4–h8"})`;
  } else if (state.legs.length > 0) {
    status += ` · first slide ${state.legs.join(", ")} played: now another ship`;
  }
  if (state.engine === "thinking") status += " · Troyka is thinking…";
  if (state.engine === "solving") status += " · the solver is working…";
  if (state.engine === "stopped") status += " · the engine has stopped";
  $("status").textContent = status;
  $("cancel").hidden = state.legs.length === 0;
  $("cancel").textContent = setup ? "Undo placements" : "Undo first slide";
  $("suggest").hidden = !(setup && humanToMove(state) && state.legs.length === 0 && state.cursor === state.moves.length);
  $("takeback").disabled = state.cursor === 0 && state.legs.length === 0;
  const stop = $("stop");
  stop.disabled = state.engine === "idle" || state.engine === "stopped";
  stop.textContent = state.engine === "thinking" ? "Move now" : "Stop";
}

function renderSettings(state) {
  // The size box starts Breakthrough games; Breakthru has one board, whose size it must
  // not seem to give.
  const breakthru = state.game === "breakthru";
  $("size").disabled = breakthru;
  $("size-go").disabled = breakthru;
  const [white, black] = [sideName(0), sideName(1)];
  $("players-black").textContent = black;
  $("players-white").textContent = white;
  $("players").value = state.players.join(",");
  const movetime = $("movetime");
  const value = String(state.movetime_ms);
  if (![...movetime.options].some((option) => option.value === value)) {
    movetime.add(new Option(`${state.movetime_ms / 1000} s`, value));
  }
  movetime.value = value;
  $("analyse").checked = state.analyse;
  if (document.activeElement !== $("multipv")) $("multipv").value = state.multipv;
}

// The move number before the move at `index` (0 for the first move of the game), if one is
// written there: white's moves carry it, and the first move when black starts.
function moveNumber(state, index, first) {
  const side = (state.first_mover + index) % 2;
  const number = Math.floor((index + state.first_mover) / 2) + 1;
  if (side === 0) return `${number}.`;
  return first ? `${number}…` : null;
}

function renderMoves(state) {
  const list = $("moves");
  list.replaceChildren();
  const item = (text, index, classes) => {
    const li = document.createElement("li");
    li.textContent = text;
    if (classes) li.className = classes;
    if (index !== null) {
      li.dataset.index = index;
      li.addEventListener("click", () => command("goto", { index }));
    }
    list.appendChild(li);
    return li;
  };
  item("start", 0, state.cursor === 0 ? "current" : "");
  state.moves.forEach((move, index) => {
    const number = moveNumber(state, index, index === 0);
    if (number) item(number, null, "number");
    const li = item(move.name, index + 1, state.cursor === index + 1 ? "current" : "");
    if (move.note) li.title = `Troyka: ${move.note}`;
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function compact(number) {
  if (number === null || number === undefined) return "?";
  if (number >= 1e6) return `${(number / 1e6).toFixed(1)}M`;
  if (number >= 1e3) return `${(number / 1e3).toFixed(0)}k`;
  return String(number);
}

// The principal variation from the searched position, with move numbers.
function pvText(state, info, pv) {
  return pv.map((turn, k) => {
    const number = moveNumber(state, info.index + k, k === 0);
    return number ? `${number} ${turn}` : turn;
  }).join(" ");
}

function renderLines(info) {
  page.info = info;
  const list = $("lines");
  list.replaceChildren();
  const state = page.state;
  if (!info || !state || info.generation !== state.generation || info.lines.length === 0) {
    $("engine-state").textContent = state && state.engine !== "idle" ? `Troyka is ${state.engine}…` : "";
    return;
  }
  const best = info.lines[0];
  // The search that found these lines may have ended since (analysis turned off, Stop):
  // they stay, as the last it found, but not as if it still ran.
  const running = state.engine === info.task && (info.task !== "analysing" || state.analyse);
  $("engine-state").textContent =
    `Troyka ${running ? "" : "stopped "}${info.task}: depth ${best.depth}/${best.seldepth}, ` +
    `${compact(best.nodes)} nodes, ${compact(best.nps)} nodes/s, ` +
    `${((best.time || 0) / 1000).toFixed(1)} s`;
  list.classList.toggle("stopped", !running);
  for (const line of info.lines) {
    const li = document.createElement("li");
    const score = document.createElement("span");
    score.className = "score";
    const bound = line.bound === "lower" ? "≥" : line.bound === "upper" ? "≤" : "";
    score.textContent = `${bound}${line.score.text} ${line.score.percent}%`;
    score.title = `for ${sideName(0)}: ${line.score.text} (a piece is about 1.00), expected result ${line.score.percent}%`;
    const pv = document.createElement("span");
    pv.className = "pv";
    pv.textContent = ` d${line.depth} ${pvText(state, info, line.pv)}`;
    li.append(score, pv);
    list.appendChild(li);
  }
}

function connect() {
  const socket = new WebSocket(`ws://${location.host}/api/sessions/${page.id}/events`);
  page.socket = socket;
  socket.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.type === "state") render(event);
    else if (event.type === "info") renderLines(event);
    else if (event.type === "closed") disconnected();
  };
  socket.onclose = disconnected;
}

function disconnected() {
  page.error = "The connection to Troyka's server is closed: reload the page to play on.";
  showMessage();
}

// A new game; the last game's saved PGN goes from the page.
function newGame(spec) {
  page.info = null;
  $("pgn").value = "";
  $("pgn-download").hidden = true;
  return command("new", spec);
}

async function savePgn() {
  try {
    const response = await fetch(`/api/sessions/${page.id}/pgn`);
    const text = await response.text();
    if (!response.ok) throw new Error(text);
    $("pgn").value = text;
    const link = $("pgn-download");
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: "application/vnd.chess-pgn" }));
    link.textContent = "download troyka.pgn";
    link.hidden = false;
  } catch (error) {
    page.error = `cannot save the PGN: ${error.message}`;
    showMessage();
  }
}

function copyFen() {
  const input = $("fen");
  const fallback = () => { input.select(); document.execCommand("copy"); };
  if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(fallback);
  else fallback();
}

function wire() {
  for (const button of document.querySelectorAll("#games button[data-game]")) {
    const spec = { variant: button.dataset.game };
    if (button.dataset.size) spec.size = button.dataset.size;
    if (button.dataset.setup) spec.fen = SETUP_FEN;
    button.addEventListener("click", () => newGame(spec));
  }
  $("size-go").addEventListener("click", () => newGame({ variant: "breakthrough", size: $("size").value }));
  $("size").addEventListener("keydown", (event) => { if (event.key === "Enter") $("size-go").click(); });
  $("takeback").addEventListener("click", () => command("takeback"));
  $("cancel").addEventListener("click", () => command("cancel"));
  $("suggest").addEventListener("click", () => command("suggest"));
  $("flip").addEventListener("click", () => page.board.flip());
  $("stop").addEventListener("click", () => command("stop"));
  $("players").addEventListener("change", (event) => {
    const players = event.target.value.split(",");
    // The person's side at the bottom.
    if (players[0] !== players[1]) page.board.flipped = players[0] === "troyka";
    command("settings", { players });
  });
  $("movetime").addEventListener("change", (event) => command("settings", { movetime_ms: Number(event.target.value) }));
  $("analyse").addEventListener("change", (event) => command("settings", { analyse: event.target.checked }));
  $("multipv").addEventListener("change", (event) => command("settings", { multipv: Number(event.target.value) }));
  $("solve").addEventListener("click", () => command("solve", { time_ms: Number($("solve-time").value) }));
  $("fen-copy").addEventListener("click", copyFen);
  $("fen-set").addEventListener("click", () => newGame({ fen: $("fen").value }));
  $("fen").addEventListener("keydown", (event) => { if (event.key === "Enter") $("fen-set").click(); });
  $("pgn-save").addEventListener("click", savePgn);
  $("pgn-load").addEventListener("click", () => command("pgn", { pgn: $("pgn").value }));
  $("pgn-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    $("pgn").value = await file.text();
    command("pgn", { pgn: $("pgn").value });
  });
  document.addEventListener("keydown", (event) => {
    if (!page.state || ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) return;
    if (event.key === "ArrowLeft" && page.state.cursor > 0) command("goto", { index: page.state.cursor - 1 });
    if (event.key === "ArrowRight" && page.state.cursor < page.state.moves.length) command("goto", { index: page.state.cursor + 1 });
    if (event.key === "Escape" && page.state.legs.length > 0) command("cancel");
  });
  window.addEventListener("pagehide", () => { if (page.socket) page.socket.close(); });
}

function onLeg(leg) {
  if (leg !== null) {
    command("leg", { leg });
    return;
  }
  const state = page.state;
  page.error = state.outcome ? "The game is over: start a new one, or take back." : "It is Troyka's turn: wait for its move, or press Move now.";
  showMessage();
}

async function start() {
  page.board = new BoardView($("board"), onLeg);
  page.chart = new EvalChart($("chart"), (index) => command("goto", { index }));
  wire();
  // `?variant=breakthru`, `?size=6x6` or `?fen=…` in the address opens that game.
  const spec = {};
  for (const [key, value] of new URLSearchParams(location.search)) {
    if (["variant", "size", "fen"].includes(key)) spec[key] = value;
  }
  try {
    const state = await call("POST", "/api/sessions", spec);
    page.id = state.id;
    render(state);
    // When the page was first usable, for the browser test's measure of the load time.
    performance.mark("troyka-ready");
    connect();
  } catch (error) {
    page.error = `Cannot open a session: ${error.message}`;
    showMessage();
  }
}

start();
