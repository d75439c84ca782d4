/* <sudoku-board>: a playable Sudoku grid for any page, no dependencies, no
 * build step (with sudoku-board.css).  It owns the player's state (entries,
 * pencil marks, undo/redo), its keyboard, pointer and keypad input, its ARIA
 * grid and its progress in localStorage.
 * The puzzle: attributes puzzle, solution, date, tier, label; or a sudokud
 * webhook payload (a child <script type="application/json"> or the payload
 * property), tier choosing the puzzle.  hint-url answers a POST of
 * {"state": 81 or 729 characters, "puzzle"} with the daemon's hint reply.
 * Fires "sudoku-solved" when the grid is filled and right.  ASCII only, so
 * a page of any charset loads it right. */
(() => {
  "use strict";
  const ROWS = "ABCDEFGHI";
  const ALL = 0x3fe; // candidate bits 1..9
  const row = (i) => (i / 9) | 0, box = (i) => ((i / 27) | 0) * 3 + (((i % 9) / 3) | 0);
  const peersOf = [...Array(81).keys()].map((i) => [...Array(81).keys()].filter(
    (j) => j !== i && (row(j) === row(i) || j % 9 === i % 9 || box(j) === box(i))));
  const isGrid = (s) => typeof s === "string" && /^[.0-9]{81}$/.test(s);
  const bitsList = (m) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => m & (1 << d));
  const el = (tag, cls, attrs = {}) => {
    const e = document.createElement(tag);
    e.className = cls;
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  };

  class SudokuBoard extends HTMLElement {
    static get observedAttributes() { return ["puzzle", "solution", "tier", "date"]; }

    constructor() {
      super();
      this.built = false;
      this._payload = null;
    }

    set payload(p) { this._payload = p; if (this.built) this.load(); }
    get payload() { return this._payload; }

    connectedCallback() {
      if (!this.built) { this.build(); this.built = true; }
      // Upgraded while the page is parsed, a JSON child may not be there yet.
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => this.load(), { once: true });
      else this.load();
    }

    attributeChangedCallback() { if (this.built) this.load(); }

    /* The puzzle, solution, date, tier and label: from the payload (the
     * property or a JSON child) when there is one, else the attributes. */
    source() {
      let p = this._payload;
      const script = this.querySelector('script[type="application/json"]');
      if (!p && script) {
        try { p = JSON.parse(script.textContent); } catch (e) { this.fail("the payload JSON does not parse: " + e.message); return null; }
      }
      const a = (n) => this.getAttribute(n) || "";
      if (!p) return { puzzle: a("puzzle"), solution: a("solution"), date: a("date"), tier: a("tier"), label: a("label") || a("tier") };
      const data = p.data || p, list = data.puzzles || [data], tier = a("tier");
      const q = list.find((x) => !tier || x.tier === tier);
      if (!q) { this.fail(`the payload has no puzzle of tier "${tier}"`); return null; }
      return { puzzle: q.puzzle, solution: q.solution || "", date: q.date || data.date || "", tier: q.tier || "", label: q.label || q.tier || "" };
    }

    fail(msg) {
      this.status(msg, "error");
      console.warn("sudoku-board: " + msg);
    }

    build() {
      this.classList.add("sb");
      this.gridEl = el("div", "sb-grid", { role: "grid" });
      this.cells = [];
      for (let r = 0; r < 9; r++) {
        const line = el("div", "sb-row", { role: "row" });
        for (let c = 0; c < 9; c++) {
          const cell = el("div", "sb-cell", { role: "gridcell", tabindex: -1, "data-i": r * 9 + c });
          const marks = el("span", "sb-m", { "aria-hidden": "true" });
          for (let d = 1; d <= 9; d++) marks.append(el("span", ""));
          cell.append(el("span", "sb-v"), marks);
          line.append(cell);
          this.cells.push(cell);
        }
        this.gridEl.append(line);
      }
      this.caption = el("div", "sb-caption");
      this.pad = el("div", "sb-pad");
      for (let d = 1; d <= 9; d++) this.button(String(d), `digit ${d}`, () => this.input(d));
      this.button("\u232b", "erase", () => this.input(0));
      this.pencilBtn = this.button("\u270e", "pencil marks", () => this.setPencil(!this.pencil));
      this.pencilBtn.setAttribute("aria-pressed", "false");
      this.button("\u21b6", "undo", () => this.undo());
      this.button("\u21b7", "redo", () => this.redo());
      this.checkBtn = this.button("Check", "check against the solution", () => this.check());
      this.hintBtn = this.button("Hint", "ask for a hint", () => this.hint());
      this.statusEl = el("div", "sb-status", { role: "status", "aria-live": "polite" });
      this.append(this.caption, this.gridEl, this.pad, this.statusEl);
      this.gridEl.addEventListener("keydown", (e) => this.key(e));
      this.gridEl.addEventListener("pointerdown", (e) => {
        const cell = e.target.closest(".sb-cell");
        if (cell) { this.select(+cell.dataset.i); e.preventDefault(); }
      });
    }

    button(text, label, fn) {
      const b = el("button", "sb-key", { type: "button", "aria-label": label });
      b.textContent = text;
      // The keypad acts on the selected cell: keep the focus in the grid.
      b.addEventListener("pointerdown", (e) => e.preventDefault());
      b.addEventListener("click", fn);
      this.pad.append(b);
      return b;
    }

    load() {
      const s = this.source();
      if (!s) return;
      if (!isGrid(s.puzzle)) { this.fail("the puzzle must be 81 characters of digits and dots"); return; }
      if (s.solution && !isGrid(s.solution)) { this.fail("the solution must be 81 digits"); return; }
      this.src = s;
      this.givens = [...s.puzzle].map((ch) => (ch >= "1" && ch <= "9" ? +ch : 0));
      this.sol = s.solution ? [...s.solution].map(Number) : null;
      this.storeKey = `sudoku-board:${s.date || s.puzzle}:${s.tier}`;
      this.values = this.givens.slice();
      this.marks = new Array(81).fill(0);
      this.wrong = new Set();
      this.hintCells = new Set();
      this.done = [];
      this.redone = [];
      this.pencil = false;
      this.restore();
      this.sel = this.sel === undefined ? this.values.findIndex((v) => !v) : this.sel;
      if (this.sel < 0) this.sel = 0;
      this.caption.textContent = [s.date, s.label].filter(Boolean).join(" \u00b7 ");
      this.gridEl.setAttribute("aria-label", `Sudoku ${[s.label, s.date].filter(Boolean).join(", ")}`.trim());
      this.checkBtn.hidden = !this.sol;
      this.hintBtn.hidden = !this.getAttribute("hint-url");
      this.status("");
      this.render();
    }

    restore() {
      let saved = null;
      try { saved = JSON.parse(localStorage.getItem(this.storeKey) || "null"); } catch (e) { saved = null; }
      if (!saved || saved.puzzle !== this.src.puzzle || !isGrid(saved.values)) return;
      for (let i = 0; i < 81; i++) {
        if (!this.givens[i]) this.values[i] = +saved.values[i] || 0;
        this.marks[i] = (saved.marks && saved.marks[i] & ALL) || 0;
      }
    }

    save() {
      const values = this.values.map((v) => v || ".").join("");
      try { localStorage.setItem(this.storeKey, JSON.stringify({ puzzle: this.src.puzzle, values, marks: this.marks })); } catch (e) { /* storage full or denied: play on */ }
    }

    setPencil(on) {
      this.pencil = on;
      this.pencilBtn.setAttribute("aria-pressed", String(on));
      this.classList.toggle("sb-pencil", on);
    }

    select(i) {
      this.sel = i;
      this.render();
      this.cells[i].focus();
    }

    key(e) {
      const i = this.sel, r = (i / 9) | 0, c = i % 9, k = e.key;
      const ctrl = e.ctrlKey || e.metaKey;
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      let handled = true;
      if (moves[k]) {
        const [dr, dc] = moves[k];
        this.select(((r + dr + 9) % 9) * 9 + ((c + dc + 9) % 9));
      } else if (k === "Home") this.select(r * 9);
      else if (k === "End") this.select(r * 9 + 8);
      else if (ctrl && (k === "z" || k === "Z")) e.shiftKey ? this.redo() : this.undo();
      else if (ctrl && (k === "y" || k === "Y")) this.redo();
      else if (ctrl || e.altKey) handled = false;
      else if (/^Digit[1-9]$|^Numpad[1-9]$/.test(e.code) || /^[1-9]$/.test(k)) {
        const d = /[1-9]$/.test(e.code) ? +e.code.slice(-1) : +k;
        this.input(d, e.shiftKey);
      } else if (k === "Backspace" || k === "Delete" || k === "0") this.input(0);
      else if (k === "p" || k === "P") this.setPencil(!this.pencil);
      else if (k === "u") this.undo();
      else if (k === "r") this.redo();
      else if (k === "c") this.check();
      else if (k === "h") this.hint();
      else handled = false;
      if (handled) e.preventDefault();
    }

    /* Digit d (0 erases) into the selected cell: a pencil mark toggled in
     * pencil mode (or with Shift), else the entry (the same digit again
     * erases it), which takes d off its peers' marks.  One undo step. */
    input(d, shift) {
      const i = this.sel;
      if (this.givens[i] || this.finished()) return;
      const change = [];
      const set = (j, v, m) => {
        if (this.values[j] === v && this.marks[j] === m) return;
        change.push([j, this.values[j], this.marks[j], v, m]);
      };
      if (d === 0) set(i, 0, 0);
      else if (this.pencil || shift) {
        if (this.values[i]) return;
        set(i, 0, this.marks[i] ^ (1 << d));
      } else {
        set(i, this.values[i] === d ? 0 : d, this.marks[i]);
        if (this.values[i] !== d) for (const j of peersOf[i]) if (this.marks[j] & (1 << d)) set(j, this.values[j], this.marks[j] & ~(1 << d));
      }
      if (!change.length) return;
      this.apply(change, 3);
      this.done.push(change);
      this.redone = [];
      this.after();
    }

    /* A change lists [cell, value, marks before, value, marks after]; at 1
     * puts back the before, at 3 the after. */
    apply(change, at) {
      for (const ch of change) {
        this.values[ch[0]] = ch[at];
        this.marks[ch[0]] = ch[at + 1];
        this.wrong.delete(ch[0]);
      }
    }

    undo() { this.travel(this.done, this.redone, 1); }
    redo() { this.travel(this.redone, this.done, 3); }

    travel(from, to, at) {
      const change = from.pop();
      if (!change) return;
      this.apply(change, at);
      to.push(change);
      this.after();
    }

    after() {
      this.hintCells.clear();
      this.save();
      this.status("");
      this.render();
      if (this.finished()) {
        this.status("Solved. Well done!", "solved");
        this.dispatchEvent(new CustomEvent("sudoku-solved", { bubbles: true, detail: { date: this.src.date, tier: this.src.tier } }));
      }
    }

    conflicts() {
      const bad = new Set();
      for (let i = 0; i < 81; i++) {
        const v = this.values[i];
        if (v) for (const j of peersOf[i]) if (this.values[j] === v) bad.add(i);
      }
      return bad;
    }

    finished() {
      if (this.values.some((v) => !v)) return false;
      if (this.sol) return this.values.every((v, i) => v === this.sol[i]);
      return this.conflicts().size === 0;
    }

    check() {
      if (!this.sol) return;
      this.wrong = new Set();
      this.values.forEach((v, i) => { if (v && v !== this.sol[i]) this.wrong.add(i); });
      const n = this.wrong.size, empty = this.values.filter((v) => !v).length;
      this.status(n ? `${n} wrong ${n === 1 ? "cell" : "cells"}` : `No mistakes so far; ${empty} to go`, n ? "error" : "");
      this.render();
    }

    /* The state for the daemon's socket: 81 characters when no empty cell
     * has marks; else the 729-character line, an unmarked empty cell given
     * all nine digits (narrowed by its peers, a cell left with one would
     * read as placed). */
    state() {
      if (!this.marks.some((m, i) => m && !this.values[i])) return this.values.map((v) => v || ".").join("");
      let out = "";
      for (let i = 0; i < 81; i++) {
        const m = this.values[i] ? 1 << this.values[i] : this.marks[i] || ALL;
        for (let d = 1; d <= 9; d++) out += m & (1 << d) ? d : ".";
      }
      return out;
    }

    async hint() {
      const url = this.getAttribute("hint-url");
      if (!url || this.finished()) return;
      this.status("Asking for a hint...");
      let reply;
      try {
        const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ state: this.state(), puzzle: this.src.puzzle }) });
        reply = await res.json();
      } catch (e) {
        this.status("No hint: the server did not answer", "error");
        return;
      }
      const name = (c) => (ROWS.indexOf(c[0]) * 9 + (+c[1] - 1));
      this.hintCells = new Set();
      if (!reply.ok) {
        const msg = (reply.error && reply.error.message) || "refused";
        // A wrong entry among pencil marks is judged as marks: "wrong-marks: C4 lost its 7".
        const m = /^wrong-marks: ([A-I][1-9]) /.exec(msg);
        if (m) this.hintCells.add(name(m[1]));
        this.status("No hint: " + msg, "error");
        this.render();
        return;
      }
      const step = reply.step || {};
      for (const p of step.placements || []) this.hintCells.add(name(p.cell));
      for (const p of step.eliminations || []) this.hintCells.add(name(p.cell));
      for (const c of reply.wrong || []) this.hintCells.add(name(typeof c === "string" ? c : c.cell));
      this.status(reply.message || reply.status, "hint");
      this.render();
    }

    status(text, kind) {
      this.statusEl.textContent = text;
      this.statusEl.dataset.kind = kind || "";
    }

    label(i) {
      const r = (i / 9) | 0, c = i % 9, v = this.values[i];
      let s = `row ${ROWS[r]}, column ${c + 1}, `;
      if (this.givens[i]) s += `given ${v}`;
      else if (v) s += String(v);
      else s += "empty" + (this.marks[i] ? ", candidates " + bitsList(this.marks[i]).join(" ") : "");
      return s;
    }

    render() {
      const bad = this.conflicts(), sv = this.values[this.sel], done = this.finished();
      this.classList.toggle("sb-solved", done);
      for (let i = 0; i < 81; i++) {
        const cell = this.cells[i], v = this.values[i], sel = this.sel;
        const peer = row(i) === row(sel) || i % 9 === sel % 9 || box(i) === box(sel);
        cell.firstChild.textContent = v ? v : "";
        const m = v ? 0 : this.marks[i];
        for (let d = 1; d <= 9; d++) cell.lastChild.children[d - 1].textContent = m & (1 << d) ? d : "";
        const flags = { "sb-given": !!this.givens[i], "sb-sel": i === this.sel, "sb-peer": peer && i !== this.sel, "sb-same": !!v && v === sv, "sb-conflict": bad.has(i), "sb-wrong": this.wrong.has(i), "sb-hint": this.hintCells.has(i) };
        for (const f in flags) cell.classList.toggle(f, flags[f]);
        let label = this.label(i);
        if (bad.has(i)) label += ", conflict";
        if (this.wrong.has(i)) label += ", wrong";
        cell.setAttribute("aria-label", label);
        cell.setAttribute("aria-selected", String(i === this.sel));
        cell.setAttribute("aria-readonly", String(!!this.givens[i] || done));
        cell.tabIndex = i === this.sel ? 0 : -1;
      }
    }
  }

  if (!customElements.get("sudoku-board")) customElements.define("sudoku-board", SudokuBoard);
})();
