// chart.js: Troyka's evaluation over the game, as an SVG chart of the expected result (in
// percent, from white's or gold's side) after each move. A point is drawn wherever Troyka
// has searched the position (its own moves, analysis); clicking goes to that position.
"use strict";

const CHART_W = 600;
const CHART_H = 166;
const CHART_LEFT = 34; // room for the axis labels
const CHART_TOP = 24; // room for the caption, which the cursor must not cross
const CHART_PAD = 8;

class EvalChart {
  // `onPick(index)` is called with the position clicked (moves played before it).
  constructor(element, onPick) {
    this.el = element;
    this.onPick = onPick;
    this.count = 1;
    element.setAttribute("viewBox", `0 0 ${CHART_W} ${CHART_H}`);
    element.addEventListener("click", (event) => this.click(event));
  }

  x(index) {
    const span = Math.max(this.count - 1, 1);
    return CHART_LEFT + CHART_PAD + (index / span) * (CHART_W - CHART_LEFT - 2 * CHART_PAD);
  }

  y(percent) {
    return CHART_TOP + (1 - percent / 100) * (CHART_H - CHART_TOP - CHART_PAD);
  }

  // Draws `evals` (one per position, null where unknown) with the cursor at `cursor`;
  // `side` names the side whose expected result is drawn.
  show(evals, cursor, side) {
    const el = this.el;
    this.count = evals.length;
    el.replaceChildren();
    make("rect", { x: 0, y: 0, width: CHART_W, height: CHART_H, fill: "#fcfcfa" }, el);
    make("line", { x1: CHART_LEFT, y1: this.y(50), x2: CHART_W, y2: this.y(50), class: "mid" }, el);
    make("line", { x1: CHART_LEFT, y1: CHART_TOP, x2: CHART_LEFT, y2: CHART_H - CHART_PAD, class: "axis" }, el);
    for (const [percent, label] of [[100, "100%"], [50, "50%"], [0, "0%"]]) {
      make("text", { x: CHART_LEFT - 4, y: this.y(percent) + 4, "text-anchor": "end" }, el).textContent = label;
    }
    make("text", { x: CHART_LEFT + 6, y: 14 }, el).textContent = `${side}'s expected result`;
    make("line", {
      x1: this.x(cursor), y1: CHART_TOP, x2: this.x(cursor), y2: CHART_H - CHART_PAD, class: "cursor",
    }, el);
    const known = [];
    evals.forEach((score, index) => { if (score) known.push([index, score]); });
    if (known.length > 0) {
      const points = known.map(([index, score]) => `${this.x(index).toFixed(1)},${this.y(score.percent).toFixed(1)}`);
      const first = this.x(known[0][0]).toFixed(1);
      const last = this.x(known[known.length - 1][0]).toFixed(1);
      const base = this.y(50).toFixed(1);
      make("polygon", { points: `${first},${base} ${points.join(" ")} ${last},${base}`, class: "area" }, el);
      make("polyline", { points: points.join(" "), class: "curve" }, el);
      for (const [index, score] of known) {
        const dot = make("circle", {
          cx: this.x(index), cy: this.y(score.percent), r: 4, class: "point", "data-index": index,
        }, el);
        make("title", {}, dot).textContent =
          `after ${index} moves: ${score.text} (${score.percent}%), depth ${score.depth}`;
      }
    }
  }

  click(event) {
    const point = this.el.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(this.el.getScreenCTM().inverse());
    const span = Math.max(this.count - 1, 1);
    const fraction = (local.x - CHART_LEFT - CHART_PAD) / (CHART_W - CHART_LEFT - 2 * CHART_PAD);
    const index = Math.round(fraction * span);
    if (index >= 0 && index < this.count) this.onPick(index);
  }
}
