/* Drawing your own data on the playground's picture (the player's args.draw; appkit/_drawing.py): the tools'
   bar of appkit/player/index.html, clicks and strokes on its first figure, and the drawn set sent to the server.
   Loaded after the player's own script (it reads S, draw() and post() from there), written into the page by
   appkit/_player.py as figure.js is. */
"use strict";
// ------------------------------------------------------------ drawing your own data (args.draw)
// The page's drawn set arrives as whole steps [i, j, label] of the drawing area (appkit/_drawing.py); a click on
// the first figure adds a point of the chosen class, a drag paints one every PAINT_PX pixels. The points show at
// once over the picture (the figure's own points are those it was fitted on); at the stroke's end, an undo or a
// clear, the whole set goes to the server with a number `seq` one higher than the last, which keeps the newest
// and fits it: the next payload draws it, and the points over it are those not yet fitted.
// By keyboard (the WAI-ARIA way of a canvas widget): the first figure takes the focus (Tab; a focus ring), the
// arrows move a crosshair cursor (Shift: five times farther), Enter or Space adds a point of the chosen class there,
// C switches the class (1 and 2 choose it), Backspace or Ctrl+Z takes the last change back; the area's description
// says so, and a polite live region says each change ("point 12 added, class +1 at (0.3, −1.2)").
window.gbrffDraw = (() => {
  const PAINT_PX = 14, NEG = "#2166ac", POS = "#b2182b";
  let cfg = null;        // args.draw of the last render message (null: no drawing on this page)
  let points = [];       // the student's set, [i, j, label]
  let seq = 0;           // the number of the set `points` (sent, or the server's)
  let sent = null;       // the last set sent: {points, seq}
  let fitted = [];       // the set of the payload drawn
  let fittedSeq = 0;
  let cls = 1, stroke = null;
  const history = [];    // the sets before each stroke, undo, clear (undo takes the last back)
  const bar = document.getElementById("drawbar"), note = document.getElementById("drawnote");
  const key = p => p[0] + "," + p[1] + "," + p[2];
  const counts = list => { const m = new Map(); list.forEach(p => m.set(key(p), (m.get(key(p)) || 0) + 1)); return m; };
  function minus(a, b) {  // the points of a not in b (as many times as they are in excess)
    const left = counts(b), out = [];
    a.forEach(p => { const k = key(p), c = left.get(k) || 0; if (c > 0) left.set(k, c - 1); else out.push(p); });
    return out;
  }
  const xy = p => [p[0] * cfg.step - cfg.half_width, p[1] * cfg.step - cfg.half_width];
  function say(text) { note.textContent = text; }
  function status() {
    const neg = points.filter(p => p[2] < 0).length, pos = points.length - neg;
    const busy = seq > fittedSeq ? " · refitting…" : "";
    // the keys, in sight while the drawing area has the keyboard's focus
    const keys = keyboard && document.activeElement && document.activeElement.classList.contains("drawarea")
      ? " · keys: arrows move (Shift: farther), Enter adds, C switches the class, Backspace undoes" : "";
    say(`${points.length} points (${neg} of class −1, ${pos} of class +1)${busy}${keys}`);
  }
  function redraw() {
    if (!S || !S.views || !S.views[0]) return;
    const V = S.views[0];
    V.gd.classList.toggle("drawing", !!cfg);
    V.gd.style.touchAction = cfg ? "none" : "";
    // points fitted but taken back (undo, clear): the picture is about to change; say so by fading it
    V.gd.style.opacity = cfg && minus(fitted, points).length ? "0.55" : "";
    arm();
    draw(0);
  }
  function setClass(c) {
    cls = c;
    document.getElementById("cls-neg").setAttribute("aria-pressed", String(c < 0));
    document.getElementById("cls-pos").setAttribute("aria-pressed", String(c > 0));
  }
  function send() {
    seq += 1;
    sent = { points: points.map(p => p.slice()), seq: seq };
    status();
    redraw();
    const t = S ? S.labels[S.k] : 0;
    post("streamlit:setComponentValue", { value: Object.assign({ t: t, digest: S ? S.args.digest : null },
                                                               { draw: sent }), dataType: "json" });
  }
  function pointAt(ev) {  // the whole steps under the pointer, inside the first figure's plot, or null
    const V = S && S.views && S.views[0];
    if (!V || !V.gd._lp) return null;
    const ax = LightPlot.axes(V.gd), r = V.gd._lp.canvas.getBoundingClientRect();
    const px = ev.clientX - r.left, py = ev.clientY - r.top, X = ax.x, Y = ax.y;
    if (!X || !Y || px < X.offset || px > X.offset + X.length || py < Y.offset || py > Y.offset + Y.length) return null;
    const q = v => Math.max(0, Math.min(cfg.levels - 1, Math.round((v + cfg.half_width) / cfg.step)));
    return { q: [q(X.p2d(px)), q(Y.p2d(py))], px: px, py: py };
  }
  function add(at, c) {
    if (points.length >= cfg.max) { say(`A drawing holds at most ${cfg.max} points: undo or clear first.`); return false; }
    points.push([at.q[0], at.q[1], c]);
    return true;
  }
  const figs = document.getElementById("figs");
  figs.addEventListener("pointerdown", ev => {
    if (!cfg || !S || !S.views || (ev.button !== undefined && ev.button > 0)) return;
    if (!S.views[0].gd.contains(ev.target)) return;
    const at = pointAt(ev);
    if (!at) return;
    ev.preventDefault();
    try { ev.target.setPointerCapture(ev.pointerId); } catch (e) { }
    history.push(points.map(p => p.slice()));
    stroke = { c: ev.shiftKey ? -cls : cls, px: at.px, py: at.py, added: 0 };
    if (add(at, stroke.c)) stroke.added += 1;
    status(); redraw();
  });
  figs.addEventListener("pointermove", ev => {
    if (!stroke) return;
    const at = pointAt(ev);
    if (!at || Math.hypot(at.px - stroke.px, at.py - stroke.py) < PAINT_PX) return;
    stroke.px = at.px; stroke.py = at.py;
    if (add(at, stroke.c)) { stroke.added += 1; status(); redraw(); }
  });
  const end = () => {
    if (!stroke) return;
    const added = stroke.added;
    stroke = null;
    if (added) send(); else history.pop();
  };
  figs.addEventListener("pointerup", end);
  figs.addEventListener("pointercancel", end);
  function undo() {
    if (!cfg) return;
    if (history.length) points = history.pop();
    else if (points.length) points = points.slice(0, -1);  // a set from a link: its points one by one
    else return;
    send();
  }
  document.getElementById("cls-neg").onclick = () => setClass(-1);
  document.getElementById("cls-pos").onclick = () => setClass(1);
  document.getElementById("undo").onclick = undo;
  document.getElementById("clear").onclick = () => {
    if (!cfg || !points.length) return;
    history.push(points.map(p => p.slice()));
    points = [];
    send();
  };
  document.addEventListener("keydown", ev => {
    if (!cfg) return;
    if ((ev.ctrlKey || ev.metaKey) && (ev.key === "z" || ev.key === "Z")) { ev.preventDefault(); undo(); }
    else if (ev.key === "1" && !ev.ctrlKey && !ev.metaKey) setClass(-1);
    else if (ev.key === "2" && !ev.ctrlKey && !ev.metaKey) setClass(1);
  });

  // ------------------------------------------------------------ by keyboard: a cursor on the first figure
  const KEY_STEPS = 5, SHIFT_STEPS = 25;  // the cursor's moves in whole steps: 0.1 and 0.5 of the plane
  let cursor = null;     // [i, j] whole steps (the area's centre when the drawing opens)
  let keyboard = false;  // the area has (or had, before a refit replaced the figure) the keyboard's focus
  const HELP = "Drawing area over the model's picture. Arrow keys move the cursor by 0.1 (with Shift by 0.5); "
    + "Enter or Space adds a point of the chosen class at the cursor; C switches the class (1: class −1, 2: class +1); "
    + "Backspace or Ctrl+Z takes the last point back.";
  const css = document.createElement("style");
  css.textContent = ".drawarea:focus { outline: none; } .drawarea:focus-visible { outline: 3px solid #1c5fb5; "
    + "outline-offset: 2px; } .kcursor { position: absolute; width: 28px; height: 28px; margin: -14px 0 0 -14px; "
    + "pointer-events: none; z-index: 3; } .kcursor::before, .kcursor::after { content: ''; position: absolute; "
    + "background: #111; box-shadow: 0 0 0 1.5px #fff; } .kcursor::before { left: 0; top: 13px; width: 28px; "
    + "height: 2px; } .kcursor::after { left: 13px; top: 0; width: 2px; height: 28px; } .kcursor span { "
    + "position: absolute; left: 5px; top: 5px; width: 14px; height: 14px; border-radius: 50%; "
    + "border: 2px solid currentColor; box-shadow: 0 0 0 1.5px #fff; } "
    + "body.presenter .kcursor { transform: scale(1.5); }";
  document.head.appendChild(css);
  const help = document.createElement("div"), said = document.createElement("div");
  help.id = "drawhelp"; help.className = "sr-only"; help.textContent = HELP;
  said.id = "drawsaid"; said.className = "sr-only"; said.setAttribute("role", "status"); said.setAttribute("aria-live", "polite");
  bar.appendChild(help); bar.appendChild(said);
  const num = v => (Math.round(v * 100) / 100).toString().replace("-", "−");
  const where = q => { const [x, y] = xy(q); return `(${num(x)}, ${num(y)})`; };
  const className = c => (c < 0 ? "class −1" : "class +1");
  function tell(text) { said.textContent = text; }
  function area() { return cfg && S && S.views && S.views[0] ? S.views[0].gd : null; }
  function arm() {  // the first figure as a focusable drawing area (again after each payload: its element is new)
    const gd = S && S.views && S.views[0] ? S.views[0].gd : null;
    if (!gd) return;
    if (!cfg) {
      if (gd.classList.contains("drawarea")) {
        gd.classList.remove("drawarea"); ["tabindex", "role", "aria-label", "aria-roledescription", "aria-describedby"]
          .forEach(a => gd.removeAttribute(a));
      }
      const c = gd.parentNode && gd.parentNode.querySelector(".kcursor");
      if (c) c.remove();
      return;
    }
    if (!gd.classList.contains("drawarea")) {
      gd.classList.add("drawarea");
      gd.tabIndex = 0;
      gd.setAttribute("role", "application");
      gd.setAttribute("aria-roledescription", "drawing area");
      gd.setAttribute("aria-label", "Draw your points");
      gd.setAttribute("aria-describedby", "drawhelp");
      gd.addEventListener("keydown", onAreaKey);
      gd.addEventListener("focus", () => { keyboard = true; if (!cursor) centre(); place(); status(); });
      gd.addEventListener("blur", () => setTimeout(() => {  // a refit replaced the figure: the new one takes the focus
        if (gd.isConnected) { keyboard = false; place(); status(); }
      }, 0));
      gd.addEventListener("lightplot:drawn", place);
    }
    if (keyboard && !gd.contains(document.activeElement) && (!document.activeElement || document.activeElement === document.body)) {
      gd.focus({ preventScroll: true });
    }
  }
  function centre() { const m = (cfg.levels - 1) / 2; cursor = [Math.round(m), Math.round(m)]; }
  function place() {  // the cursor over the figure where it is, while the area has the focus
    const gd = area();
    if (!gd) return;
    let c = gd.parentNode.querySelector(".kcursor");
    const on = keyboard && document.activeElement === gd && cursor && gd._lp;
    if (!on) { if (c) c.hidden = true; return; }
    if (!c) { c = document.createElement("div"); c.className = "kcursor"; c.innerHTML = "<span></span>"; gd.parentNode.appendChild(c); }
    const ax = LightPlot.axes(gd), r = gd._lp.canvas.getBoundingClientRect(), cell = gd.parentNode.getBoundingClientRect();
    if (!ax.x || !ax.y) return;
    const [x, y] = xy(cursor);
    c.hidden = false;
    c.style.left = (r.left - cell.left + ax.x.d2p(x)) + "px";
    c.style.top = (r.top - cell.top + ax.y.d2p(y)) + "px";
    c.style.color = cls < 0 ? NEG : POS;
  }
  function onAreaKey(ev) {
    if (!cfg) return;
    if (!cursor) centre();
    const big = ev.shiftKey ? SHIFT_STEPS : KEY_STEPS;
    const moves = { ArrowLeft: [-big, 0], ArrowRight: [big, 0], ArrowUp: [0, big], ArrowDown: [0, -big] };
    const k = ev.key, ctrl = ev.ctrlKey || ev.metaKey;
    let done = true;
    if (moves[k] && !ctrl) {
      const top = cfg.levels - 1;
      cursor = [Math.max(0, Math.min(top, cursor[0] + moves[k][0])), Math.max(0, Math.min(top, cursor[1] + moves[k][1]))];
      place();
      tell(`cursor at ${where(cursor)}`);
    } else if ((k === "Enter" || k === " ") && !ctrl) {
      if (ev.repeat) { ev.preventDefault(); ev.stopPropagation(); return; }
      history.push(points.map(p => p.slice()));
      if (add({ q: cursor.slice() }, cls)) {
        send();
        tell(`point ${points.length} added, ${className(cls)} at ${where(cursor)}`);
      } else { history.pop(); tell(note.textContent); }
    } else if ((k === "c" || k === "C") && !ctrl) {
      setClass(-cls); place(); tell(`${className(cls)} chosen`);
    } else if ((k === "1" || k === "2") && !ctrl) {
      setClass(k === "1" ? -1 : 1); place(); tell(`${className(cls)} chosen`);
    } else if (k === "Backspace" || (ctrl && (k === "z" || k === "Z"))) {
      const n = points.length;
      undo();
      tell(points.length < n ? `point ${n} taken back: ${points.length} point${points.length === 1 ? "" : "s"}`
                             : `${points.length} point${points.length === 1 ? "" : "s"} now`);
    } else done = false;
    if (done) { ev.preventDefault(); ev.stopPropagation(); }  // the player's own keys (space, arrows) are not these
  }

  function args(a) {  // every render message: the drawing's state on the server
    const d = a && a.draw;
    if (!d) { cfg = null; bar.hidden = true; arm(); return; }
    const first = !cfg;
    cfg = d;
    bar.hidden = false;
    if (first || d.seq >= seq) {  // the server's set is the newest (or the page opened): take it
      points = d.points.map(p => p.slice()); seq = d.seq;
      if (!sent || sent.seq < seq) sent = { points: points.map(p => p.slice()), seq: seq };
    }
    status();
  }
  window.addEventListener("message", ev => {
    if (ev.data && ev.data.type === "streamlit:render") args(ev.data.args);
  });
  return {
    payload(a) {  // a payload is about to be drawn: its points are fitted
      const d = a && a.draw;
      fitted = d ? d.points.map(p => p.slice()) : [];
      fittedSeq = d ? d.seq : 0;
      status();
      if (S && S.views && S.views[0]) {
        const V = S.views[0];
        V.gd.classList.toggle("drawing", !!d);
        V.gd.style.touchAction = d ? "none" : "";
        V.gd.style.opacity = d && minus(fitted, points).length ? "0.55" : "";
      }
      arm();
    },
    traces(i, data) {  // the points drawn and not yet fitted, over the first figure
      if (!cfg || i !== 0) return data;
      const extra = minus(points, fitted);
      if (!extra.length) return data;
      const out = data.slice();
      [[-1, NEG, "drawn −1"], [1, POS, "drawn +1"]].forEach(([c, color, name]) => {
        const mine = extra.filter(p => p[2] === c).map(xy);
        if (!mine.length) return;
        out.push({ type: "scatter", mode: "markers", name: name, showlegend: false, hoverinfo: "skip",
                   x: mine.map(p => p[0]), y: mine.map(p => p[1]),
                   // the classes' shapes of gbrff.viz.style.CLASS_SYMBOLS: −1 a circle, +1 a cross
                   marker: { color: color, size: 11, symbol: c < 0 ? "circle" : "cross", line: { color: "#ffd400", width: 2.5 } } });
      });
      return out;
    },
    layout(i, L) {  // the drawing area, dotted
      if (!cfg || i !== 0) return L;
      const h = cfg.half_width;
      return Object.assign({}, L, { shapes: (L.shapes || []).concat([{ type: "rect", xref: "x", yref: "y", x0: -h, x1: h,
        y0: -h, y1: h, line: { color: "rgba(49,51,63,0.45)", width: 1.5, dash: "dot" }, layer: "above" }]) });
    },
    value() { return cfg && sent ? { draw: sent } : {}; },
    state() { return { points: points.map(p => p.slice()), seq: seq, fitted: fitted.length, fittedSeq: fittedSeq,
                       cursor: cursor && cursor.slice(), cls: cls }; },
  };
})();
