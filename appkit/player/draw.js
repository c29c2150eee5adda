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
    say(`${points.length} points (${neg} of class −1, ${pos} of class +1)${busy}`);
  }
  function redraw() {
    if (!S || !S.views || !S.views[0]) return;
    const V = S.views[0];
    V.gd.classList.toggle("drawing", !!cfg);
    V.gd.style.touchAction = cfg ? "none" : "";
    // points fitted but taken back (undo, clear): the picture is about to change; say so by fading it
    V.gd.style.opacity = cfg && minus(fitted, points).length ? "0.55" : "";
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

  function args(a) {  // every render message: the drawing's state on the server
    const d = a && a.draw;
    if (!d) { cfg = null; bar.hidden = true; return; }
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
    state() { return { points: points.map(p => p.slice()), seq: seq, fitted: fitted.length, fittedSeq: fittedSeq }; },
  };
})();
