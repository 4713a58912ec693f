// board.js: draws a position in SVG and turns clicks and drags into legs.
//
// The board knows no rules: it draws the rows of piece letters the server sends, marks the
// legal targets the server lists for the piece picked up, and hands every leg the person
// makes (click a piece, then a square; or drag it there) to the page, which asks the
// server. Which letters belong to which side is all it knows of the games.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const CELL = 100; // a square, in the drawing's units
const MARGIN = 34; // room for the coordinates

// The side (0 white or gold, 1 black or silver) of each piece letter.
const OWNER = { P: 0, p: 1, F: 0, E: 0, s: 1 };

function make(tag, attrs, parent) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
  if (parent) parent.appendChild(node);
  return node;
}

function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

// "a10b11" -> ["a10", "b11"]; a placement, "E@e5" -> ["e5"]
function legSquares(leg) {
  const placed = /^[A-Za-z]@([a-p]\d+)$/.exec(leg);
  if (placed) return [placed[1]];
  const match = /^([a-p]\d+)([a-p]\d+)$/.exec(leg);
  return match ? [match[1], match[2]] : [];
}

// The placement onto `square` among the legal legs (`E@e5`), or undefined.
function placementOn(legal, square) {
  return legal.find((leg) => leg.endsWith(`@${square}`));
}

// A piece drawn at the origin; `up` says which way its side moves on the screen.
function drawPiece(letter, up, parent) {
  const group = make("g", { class: "piece", "data-piece": letter }, parent);
  const chevron = (colour) => {
    const d = up ? "M -15 8 L 0 -9 L 15 8" : "M -15 -8 L 0 9 L 15 -8";
    make("path", { d, fill: "none", stroke: colour, "stroke-width": 6, "stroke-linecap": "round", "stroke-linejoin": "round" }, group);
  };
  switch (letter) {
    case "P":
      make("circle", { r: 34, fill: "#fbfbf8", stroke: "#333", "stroke-width": 4 }, group);
      chevron("#555");
      break;
    case "p":
      make("circle", { r: 34, fill: "#2c2c2c", stroke: "#000", "stroke-width": 4 }, group);
      chevron("#ddd");
      break;
    case "F": {
      make("circle", { r: 42, fill: "#d9a520", stroke: "#6b4e00", "stroke-width": 5 }, group);
      const star = [];
      for (let i = 0; i < 10; i++) {
        const radius = i % 2 ? 12 : 28;
        const angle = (Math.PI / 5) * i - Math.PI / 2;
        star.push(`${(radius * Math.cos(angle)).toFixed(1)},${(radius * Math.sin(angle)).toFixed(1)}`);
      }
      make("polygon", { points: star.join(" "), fill: "#6b4e00" }, group);
      break;
    }
    case "E":
      make("circle", { r: 31, fill: "#ecc64e", stroke: "#6b4e00", "stroke-width": 4 }, group);
      make("circle", { r: 14, fill: "none", stroke: "#6b4e00", "stroke-width": 4 }, group);
      break;
    case "s":
      make("circle", { r: 31, fill: "#c3cad1", stroke: "#3d4650", "stroke-width": 4 }, group);
      make("rect", { x: -11, y: -11, width: 22, height: 22, transform: "rotate(45)", fill: "#3d4650" }, group);
      break;
  }
  return group;
}

class BoardView {
  // `onLeg(leg)` is called with each leg the person makes, and with null when they pick up
  // a piece while they may not move.
  constructor(element, onLeg) {
    this.el = element;
    this.onLeg = onLeg;
    this.flipped = false;
    this.state = null;
    this.movable = false;
    this.selected = null; // the square of the piece picked up
    this.drag = null; // { from, ghost, moved }
    element.addEventListener("pointerdown", (event) => this.down(event));
    element.addEventListener("pointermove", (event) => this.move(event));
    element.addEventListener("pointerup", (event) => this.up(event));
    element.addEventListener("pointercancel", () => this.endDrag());
  }

  flip() {
    this.flipped = !this.flipped;
    this.redraw();
  }

  // Draws `state`; `movable`: whether the person may move now.
  show(state, movable) {
    if (!this.state || this.state.fen !== state.fen || this.state.legs.join() !== state.legs.join()) {
      this.selected = null;
    }
    this.state = state;
    this.movable = movable;
    this.redraw();
  }

  // Screen position (top left) of a square.
  place(file, rank) {
    const { files, ranks } = this.state;
    const column = this.flipped ? files - 1 - file : file;
    const row = this.flipped ? rank : ranks - 1 - rank;
    return { x: MARGIN + column * CELL, y: row * CELL };
  }

  // The square under a pointer event, or null.
  squareAt(event) {
    if (!this.state) return null;
    const point = this.el.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(this.el.getScreenCTM().inverse());
    const { files, ranks } = this.state;
    const column = Math.floor((local.x - MARGIN) / CELL);
    const row = Math.floor(local.y / CELL);
    if (column < 0 || column >= files || row < 0 || row >= ranks) return null;
    const file = this.flipped ? files - 1 - column : column;
    const rank = this.flipped ? row : ranks - 1 - row;
    return squareName(file, rank);
  }

  letterAt(square) {
    const file = square.charCodeAt(0) - 97;
    const rank = parseInt(square.slice(1), 10) - 1;
    const row = this.state.board[this.state.ranks - 1 - rank];
    return row ? row[file] : undefined;
  }

  ownPiece(square) {
    return square !== null && OWNER[this.letterAt(square)] === this.state.to_move;
  }

  redraw() {
    const state = this.state;
    if (!state) return;
    const { files, ranks } = state;
    const el = this.el;
    el.replaceChildren();
    el.setAttribute("viewBox", `0 0 ${MARGIN + files * CELL} ${ranks * CELL + MARGIN}`);
    el.setAttribute("class", state.game === "breakthru" ? "sea" : "land");
    el.setAttribute("data-game", state.game);

    const marks = new Map();
    for (const leg of state.last) for (const square of legSquares(leg)) marks.set(square, "last");
    for (const leg of state.legs) for (const square of legSquares(leg)) marks.set(square, "leg");
    if (this.selected) marks.set(this.selected, "selected");

    for (let rank = 0; rank < ranks; rank++) {
      for (let file = 0; file < files; file++) {
        const name = squareName(file, rank);
        const { x, y } = this.place(file, rank);
        let kind = (file + rank) % 2 === 0 ? "dark" : "light";
        if (state.game === "breakthru" && Math.abs(file - 5) <= 2 && Math.abs(rank - 5) <= 2) kind = "centre";
        const mark = marks.get(name);
        make("rect", {
          x, y, width: CELL, height: CELL,
          class: `square ${kind}${mark ? " " + mark : ""}`,
          "data-square": name,
        }, el);
      }
    }
    for (let file = 0; file < files; file++) {
      const { x } = this.place(file, 0);
      make("text", { x: x + CELL / 2, y: ranks * CELL + 25, "text-anchor": "middle", class: "coord" }, el)
        .textContent = String.fromCharCode(97 + file);
    }
    for (let rank = 0; rank < ranks; rank++) {
      const { y } = this.place(0, rank);
      make("text", { x: MARGIN / 2, y: y + CELL / 2 + 8, "text-anchor": "middle", class: "coord" }, el)
        .textContent = String(rank + 1);
    }
    if (this.movable) {
      // In the setup phase every square a piece may be placed on is a target.
      for (const leg of state.legal) {
        if (!leg.includes("@")) continue;
        const [to] = legSquares(leg);
        const { x, y } = this.place(to.charCodeAt(0) - 97, parseInt(to.slice(1), 10) - 1);
        make("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 10, class: "target place", "data-target": to }, el);
      }
    }
    if (this.selected) {
      for (const leg of state.legal) {
        const [from, to] = legSquares(leg);
        if (from !== this.selected) continue;
        const file = to.charCodeAt(0) - 97;
        const rank = parseInt(to.slice(1), 10) - 1;
        const { x, y } = this.place(file, rank);
        make("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 16, class: "target", "data-target": to }, el);
      }
    }
    for (let rank = 0; rank < ranks; rank++) {
      for (let file = 0; file < files; file++) {
        const letter = state.board[ranks - 1 - rank][file];
        if (!(letter in OWNER)) continue;
        const { x, y } = this.place(file, rank);
        const up = (OWNER[letter] === 0) !== this.flipped;
        const piece = drawPiece(letter, up, el);
        piece.setAttribute("transform", `translate(${x + CELL / 2} ${y + CELL / 2})`);
        piece.setAttribute("data-square", squareName(file, rank));
      }
    }
  }

  down(event) {
    if (!this.state || event.button > 0) return;
    const square = this.squareAt(event);
    if (square === null) return;
    const placement = this.movable && placementOn(this.state.legal, square);
    if (placement) {
      this.onLeg(placement);
      return;
    }
    if (this.selected && square !== this.selected && !this.ownPiece(square)) {
      const from = this.selected;
      this.selected = null;
      this.redraw();
      this.onLeg(from + square);
      return;
    }
    if (!this.movable || !this.ownPiece(square)) {
      if (this.selected) {
        this.selected = null;
        this.redraw();
      }
      if (!this.movable && this.ownPiece(square)) this.onLeg(null);
      return;
    }
    const again = this.selected === square;
    this.selected = square;
    this.redraw();
    const piece = this.el.querySelector(`g.piece[data-square="${square}"]`);
    const ghost = piece ? piece.cloneNode(true) : null;
    if (ghost) {
      ghost.setAttribute("class", "piece ghost");
      ghost.style.display = "none";
      this.el.appendChild(ghost);
    }
    this.drag = { from: square, ghost, moved: false, again, pointer: event.pointerId };
    this.el.setPointerCapture(event.pointerId);
  }

  move(event) {
    if (!this.drag || !this.drag.ghost) return;
    const point = this.el.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(this.el.getScreenCTM().inverse());
    this.drag.moved = true;
    this.drag.ghost.style.display = "";
    this.drag.ghost.setAttribute("transform", `translate(${local.x} ${local.y})`);
  }

  up(event) {
    const drag = this.drag;
    if (!drag) return;
    this.endDrag();
    const square = this.squareAt(event);
    if (square && square !== drag.from) {
      this.selected = null;
      this.redraw();
      this.onLeg(drag.from + square);
    } else if (drag.again && !drag.moved) {
      // A second click on the piece picked up puts it down.
      this.selected = null;
      this.redraw();
    }
  }

  endDrag() {
    if (!this.drag) return;
    if (this.drag.ghost) this.drag.ghost.remove();
    if (this.el.hasPointerCapture(this.drag.pointer)) this.el.releasePointerCapture(this.drag.pointer);
    this.drag = null;
  }
}
