/* LightPlot: the app's teaching figures drawn on a <canvas>, from the same Plotly figure dicts that
   gbrff.viz builds (one home for every figure's definition; the downloads stay Plotly HTML).

   Why: plotly.js is 4.6 MB of script (about a second of parsing on a student's laptop) and redraws its
   SVG in hundreds of milliseconds; these figures need a small part of it. This file draws that part
   (heatmap, contour lines, scatter, bar, histogram; axes, subplots, equal aspect, colour bars,
   legends, shapes, annotations, a hover tooltip) in a few milliseconds, close to what Plotly draws with
   its default template, and ignores what it does not know instead of throwing.

     LightPlot.newPlot(div, data, layout, config) -> Promise   draw a figure in div (a canvas in it)
     LightPlot.react(div, data, layout, config)   -> Promise   redraw with new data / layout
     LightPlot.relayout(div, patch), restyle(div, patch, idx), update(div, restyle, relayout, idx)
                                                              Plotly's attribute strings ("marker.size")
     LightPlot.purge(div)
     LightPlot.axes(div) -> {x: {offset, length, range, type, d2p(v), p2d(px)}, y: ..., x2: ...}
                                                              each axis's pixel mapping (CSS px in the div)
   Arrays may be plain, typed, or Plotly's base64 typed arrays ({dtype, bdata, shape}).
   The figure is sized once, to layout.width (or the div's width) × layout.height (or 450). */
(function () {
  "use strict";
  const FONT = '"Open Sans", verdana, arial, sans-serif';
  const COLORWAY = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                    "#bcbd22", "#17becf"];
  const MINUS = "\u2212";
  // Plotly's named colour scales that the app or a student's figure may name
  const SCALES = {
    Viridis: [[0, "#440154"], [0.06274509803921569, "#48186a"], [0.12549019607843137, "#472d7b"],
              [0.18823529411764706, "#424086"], [0.25098039215686274, "#3b528b"], [0.3137254901960784, "#33638d"],
              [0.3764705882352941, "#2c728e"], [0.4392156862745098, "#26828e"], [0.5019607843137255, "#21918c"],
              [0.5647058823529412, "#1fa088"], [0.6274509803921569, "#28ae80"], [0.6901960784313725, "#3fbc73"],
              [0.7529411764705882, "#5ec962"], [0.8156862745098039, "#84d44b"], [0.8784313725490196, "#addc30"],
              [0.9411764705882353, "#d8e219"], [1, "#fde725"]],
    Greys: [[0, "rgb(0,0,0)"], [1, "rgb(255,255,255)"]],
    RdBu: [[0, "rgb(5,10,172)"], [0.35, "rgb(106,137,247)"], [0.5, "rgb(190,190,190)"], [0.6, "rgb(220,170,132)"],
           [0.7, "rgb(230,145,90)"], [1, "rgb(178,10,28)"]],
    Blues: [[0, "rgb(5,10,172)"], [0.35, "rgb(40,60,190)"], [0.5, "rgb(70,100,245)"], [0.6, "rgb(90,120,245)"],
            [0.7, "rgb(106,137,247)"], [1, "rgb(220,220,220)"]],
    Reds: [[0, "rgb(220,220,220)"], [0.2, "rgb(245,195,157)"], [0.4, "rgb(245,160,105)"], [1, "rgb(178,10,28)"]],
    Bluered: [[0, "rgb(0,0,255)"], [1, "rgb(255,0,0)"]],
    Plasma: [[0, "#0d0887"], [0.111, "#46039f"], [0.222, "#7201a8"], [0.333, "#9c179e"], [0.444, "#bd3786"],
             [0.556, "#d8576b"], [0.667, "#ed7953"], [0.778, "#fb9f3a"], [0.889, "#fdca26"], [1, "#f0f921"]],
  };

  // ------------------------------------------------------------------ data
  const DTYPES = { u1: Uint8Array, i1: Int8Array, u2: Uint16Array, i2: Int16Array, u4: Uint32Array,
                   i4: Int32Array, f4: Float32Array, f8: Float64Array };
  function decode(o) {  // Plotly's base64 typed arrays into typed arrays (2-D: an array of rows), once
    if (Array.isArray(o)) return o.map(decode);
    if (o && typeof o === "object" && !ArrayBuffer.isView(o)) {
      if (typeof o.bdata === "string" && o.dtype in DTYPES) {
        const bin = atob(o.bdata), buf = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) buf[i] = bin.charCodeAt(i);
        const arr = new DTYPES[o.dtype](buf.buffer);
        const shape = o.shape ? String(o.shape).split(",").map(Number) : [arr.length];
        if (shape.length === 2) {
          const rows = [];
          for (let r = 0; r < shape[0]; r++) rows.push(arr.subarray(r * shape[1], (r + 1) * shape[1]));
          return rows;
        }
        return arr;
      }
      const out = {};
      for (const k in o) out[k] = decode(o[k]);
      return out;
    }
    return o;
  }
  const isArr = v => Array.isArray(v) || ArrayBuffer.isView(v);
  const plain = v => v && typeof v === "object" && !isArr(v);
  const num = v => (v === null || v === undefined || v === "" ? NaN : +v);
  function get(o, path, dflt) {
    let v = o;
    for (const k of path.split(".")) { if (v == null) return dflt; v = v[k]; }
    return v === undefined || v === null ? dflt : v;
  }
  function deepMerge(base, over) {  // over on top of base (arrays replaced, objects merged)
    if (!plain(over)) return over === undefined ? base : over;
    const out = plain(base) ? Object.assign({}, base) : {};
    for (const k in over) out[k] = plain(over[k]) && plain(out[k]) ? deepMerge(out[k], over[k]) : over[k];
    return out;
  }
  function setPath(obj, path, value) {  // Plotly's attribute strings: "marker.size", "xaxis.range[0]"
    const keys = path.replace(/\[(\d+)\]/g, ".$1").split(".");
    let o = obj;
    for (let i = 0; i < keys.length - 1; i++) {
      const k = keys[i];
      if (o[k] == null || typeof o[k] !== "object") o[k] = /^\d+$/.test(keys[i + 1]) ? [] : {};
      else if (isArr(o[k])) o[k] = Array.from(o[k]);
      else o[k] = Object.assign({}, o[k]);
      o = o[k];
    }
    const last = keys[keys.length - 1];
    if (value === undefined) return;
    if (value === null) delete o[last]; else o[last] = value;
  }

  // ------------------------------------------------------------------ colours
  const NAMED = { black: [0, 0, 0], white: [255, 255, 255], gray: [128, 128, 128], grey: [128, 128, 128],
                  red: [255, 0, 0], blue: [0, 0, 255], green: [0, 128, 0], orange: [255, 165, 0],
                  transparent: [0, 0, 0, 0] };
  const colorCache = new Map();
  function rgba(c) {  // any CSS colour Plotly accepts -> [r, g, b, a]
    if (Array.isArray(c)) return c;
    c = String(c == null ? "#444" : c).trim();
    if (colorCache.has(c)) return colorCache.get(c);
    let out;
    if (c[0] === "#") {
      const h = c.length <= 5 ? c.slice(1).split("").map(x => x + x).join("") : c.slice(1);
      out = [0, 2, 4].map(i => parseInt(h.slice(i, i + 2), 16));
      out.push(h.length >= 8 ? parseInt(h.slice(6, 8), 16) / 255 : 1);
    } else if (/^rgba?\(/i.test(c) || /^hsla?\(/i.test(c)) {
      const v = c.replace(/^[a-z]+\(|\)$/gi, "").split(/[ ,/]+/).filter(Boolean).map(parseFloat);
      out = /^hsl/i.test(c) ? hsl(v[0], v[1] / 100, v[2] / 100).concat([v.length > 3 ? v[3] : 1])
                           : [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
    } else if (NAMED[c.toLowerCase()]) {
      out = NAMED[c.toLowerCase()].slice(); if (out.length < 4) out.push(1);
    } else {  // any other CSS name: the browser knows it
      const cx = scratch();
      cx.fillStyle = "#000"; cx.fillStyle = c;
      const s = cx.fillStyle;
      out = s[0] === "#" ? rgba(s) : rgba(s);
    }
    colorCache.set(c, out);
    return out;
  }
  function hsl(h, s, l) {
    const k = n => (n + h / 30) % 12, a = s * Math.min(l, 1 - l);
    const f = n => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return [255 * f(0), 255 * f(8), 255 * f(4)];
  }
  const css = (c, alpha) => {
    const v = rgba(c), a = (v[3] == null ? 1 : v[3]) * (alpha == null ? 1 : alpha);
    return `rgba(${Math.round(v[0])},${Math.round(v[1])},${Math.round(v[2])},${a})`;
  };
  function scaleOf(cs, reverse) {  // a colour scale: [[p, [r, g, b, a]], ...] sorted by p
    let s = typeof cs === "string" ? SCALES[cs] || SCALES[cs[0].toUpperCase() + cs.slice(1)] : cs;
    if (!isArr(s) || s.length < 2) s = SCALES.Viridis;
    let stops = s.map(([p, c]) => [Number(p), rgba(c)]);
    if (reverse) stops = stops.map(([p, c]) => [1 - p, c]).reverse();
    return stops;
  }
  function colorAt(stops, f) {  // the scale's colour at f in [0, 1], interpolated in RGB as Plotly does
    if (!(f >= 0)) f = 0; else if (f > 1) f = 1;
    let j = 0;
    while (j < stops.length - 2 && f > stops[j + 1][0]) j++;
    const [p0, c0] = stops[j], [p1, c1] = stops[j + 1];
    const u = p1 > p0 ? Math.min(1, Math.max(0, (f - p0) / (p1 - p0))) : 1;
    return [c0[0] + u * (c1[0] - c0[0]), c0[1] + u * (c1[1] - c0[1]), c0[2] + u * (c1[2] - c0[2]),
            (c0[3] == null ? 1 : c0[3]) + u * ((c1[3] == null ? 1 : c1[3]) - (c0[3] == null ? 1 : c0[3]))];
  }

  // ------------------------------------------------------------------ text
  let scratchCtx = null;
  function scratch() {
    if (!scratchCtx) scratchCtx = document.createElement("canvas").getContext("2d");
    return scratchCtx;
  }
  const fontCss = (f) => `${f.weight || ""} ${f.style || ""} ${f.size}px ${f.family}`.trim();
  const widthCache = new Map();
  function measure(text, f) {
    const key = fontCss(f) + "|" + text;
    let w = widthCache.get(key);
    if (w === undefined) {
      const cx = scratch();
      cx.font = fontCss(f);
      w = cx.measureText(text).width;
      if (widthCache.size > 5000) widthCache.clear();
      widthCache.set(key, w);
    }
    return w;
  }
  const ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": "\u00a0" };
  function richLines(text, font) {
    // Plotly's small HTML in labels: <br>, <b>, <i>, <sup>, <sub>, <span style="font-size/color">; returns
    // lines of runs {text, font, dy} with each line's width and height (px)
    const lines = [];
    let runs = [], stack = [Object.assign({ dy: 0 }, font)];
    const flush = () => { lines.push(runs); runs = []; };
    String(text == null ? "" : text).split(/(<[^>]*>)/).forEach(part => {
      if (!part) return;
      const tag = /^<\s*(\/?)\s*([a-z]+)([^>]*)>$/i.exec(part);
      if (!tag) {
        const t = part.replace(/&[a-z#0-9]+;/gi, e => ENTITIES[e] || e);
        runs.push({ text: t, font: stack[stack.length - 1] });
        return;
      }
      const close = tag[1] === "/", name = tag[2].toLowerCase(), top = stack[stack.length - 1];
      if (name === "br") { flush(); return; }
      if (close) { if (stack.length > 1) stack.pop(); return; }
      const f = Object.assign({}, top);
      if (name === "b") f.weight = "bold";
      else if (name === "i") f.style = "italic";
      else if (name === "sup" || name === "sub") {
        f.dy = top.dy + (name === "sup" ? -0.3 : 0.2) * top.size; f.size = Math.round(0.7 * top.size);
      } else if (name === "span" || name === "font") {
        const st = /style\s*=\s*["']([^"']*)["']/i.exec(tag[3]);
        if (st) st[1].split(";").forEach(d => {
          const [k, v] = d.split(":").map(s => s && s.trim());
          if (k === "font-size") f.size = parseFloat(v) || f.size;
          else if (k === "color") f.color = v;
          else if (k === "font-weight") f.weight = v;
          else if (k === "font-style") f.style = v;
        });
      }
      stack.push(f);
    });
    flush();
    return lines.map(rs => {
      const size = Math.max(font.size, ...rs.map(r => r.font.size));
      return { runs: rs, width: rs.reduce((a, r) => a + measure(r.text, r.font), 0), size: size };
    });
  }
  function textBox(text, font) {  // {lines, width, height} with Plotly's line spacing (1.3 em)
    const lines = richLines(text, font);
    const lh = 1.3 * font.size;
    return { lines: lines, width: Math.max(0, ...lines.map(l => l.width)), height: lines.length * lh, lh: lh,
             font: font };
  }
  function drawText(ctx, box, x, y, xanchor, yanchor, align) {
    // box at (x, y): xanchor left / center / right, yanchor top / middle / bottom; lines centred by default
    const left = xanchor === "left" ? x : xanchor === "right" ? x - box.width : x - box.width / 2;
    const top = yanchor === "top" ? y : yanchor === "bottom" ? y - box.height
              : yanchor === "baseline" ? y - 0.32 * box.font.size - 0.5 * box.lh : y - box.height / 2;
    ctx.textBaseline = "middle";
    ctx.textAlign = "left";
    box.lines.forEach((l, k) => {
      let cx = align === "left" ? left : align === "right" ? left + box.width - l.width : left + (box.width - l.width) / 2;
      const cy = top + (k + 0.5) * box.lh;
      for (const r of l.runs) {
        ctx.font = fontCss(r.font);
        ctx.fillStyle = r.font.color;
        ctx.fillText(r.text, cx, cy + r.font.dy);
        cx += measure(r.text, r.font);
      }
    });
  }

  // ------------------------------------------------------------------ numbers
  function fmt(v, spec) {  // d3-format's common forms: ",", ".2f", ".3g", ".1%", ".2e", "d", ".2s"
    if (typeof v !== "number") { if (v == null) return ""; const n = Number(v); if (!isFinite(n) || v === "") return String(v); v = n; }
    if (!isFinite(v)) return String(v);
    const m = /^([,]?)(?:\.(\d+))?([efgdrs%])?$/.exec(spec || "");
    if (!m) return plainNumber(v);
    const comma = !!m[1], p = m[2] == null ? null : +m[2], type = m[3] || "";
    let s;
    if (type === "f") s = v.toFixed(p == null ? 6 : p);
    else if (type === "%") s = (100 * v).toFixed(p == null ? 6 : p) + "%";
    else if (type === "e") s = v.toExponential(p == null ? 6 : p);
    else if (type === "g") s = v.toPrecision(p == null ? 6 : Math.max(1, p));
    else if (type === "r") s = String(+v.toPrecision(p == null ? 6 : Math.max(1, p)));
    else if (type === "d") s = String(Math.round(v));
    else if (type === "s") s = siNumber(v, p);
    else s = p == null ? plainNumber(v) : String(+v.toPrecision(Math.max(1, p)));
    if (comma) s = s.replace(/^(-?)(\d+)/, (a, sg, d) => sg + d.replace(/\B(?=(\d{3})+(?!\d))/g, ","));
    return s.replace(/^-/, MINUS);
  }
  function plainNumber(v) {  // Plotly's hover number without a format: a few significant digits
    if (Number.isInteger(v)) return String(v);
    const a = Math.abs(v);
    return String(a >= 1e5 || a < 1e-4 ? v.toPrecision(4) : +v.toPrecision(5));
  }
  function siNumber(v, p) {
    const units = ["p", "n", "µ", "m", "", "k", "M", "G", "T"];
    const e = v === 0 ? 0 : Math.max(-4, Math.min(4, Math.floor(Math.log10(Math.abs(v)) / 3)));
    return String(+(v / Math.pow(1000, e)).toPrecision(p == null ? 3 : Math.max(1, p))) + units[e + 4];
  }

  // ------------------------------------------------------------------ hover templates
  function template(tpl, pt) {  // "%{x:.2f}<br>%{customdata[0]}<extra></extra>" at a point
    const extra = /<extra>([\s\S]*?)<\/extra>/.exec(tpl);
    const body = tpl.replace(/<extra>[\s\S]*?<\/extra>/g, "");
    const text = body.replace(/%\{([^}:]+)(?::([^}]*))?\}/g, (a, key, spec) => {
      let v = pt;
      for (const k of key.replace(/\[(\d+)\]/g, ".$1").split(".")) v = v == null ? undefined : v[k];
      if (v === undefined) return "";
      return typeof v === "number" ? fmt(v, spec) : String(v);
    });
    return { text: text, extra: extra ? extra[1] : null };
  }

  // ------------------------------------------------------------------ ticks
  function niceDtick(rough) {  // Plotly's linear ticks: 1, 2 or 5 × 10^k, the first not below rough
    const base = Math.pow(10, Math.floor(Math.log10(rough))), x = rough / base;
    return base * (x <= 1 ? 1 : x <= 2 ? 2 : x <= 5 ? 5 : 10);
  }
  function tickLabel(v, dtick) {  // a tick's number as Plotly prints it: digits of the tick step, − sign
    if (Math.abs(v) < 1e-12 * Math.max(1, Math.abs(dtick))) v = 0;
    const a = Math.abs(v);
    let s;
    if (a >= 1e4 && a < 1e15) {  // Plotly's "B" exponent format: 10k, 2.5M, 1G
      const units = ["", "k", "M", "G", "T"], e = Math.min(4, Math.floor(Math.log10(a) / 3));
      s = String(+(a / Math.pow(1000, e)).toPrecision(6)) + units[e];
    } else if (a !== 0 && a < 1e-4) {
      s = a.toExponential(Math.max(0, Math.min(6, -Math.floor(Math.log10(dtick)) + Math.floor(Math.log10(a))))).replace("e", "e");
    } else {
      const digits = Math.max(0, Math.min(12, -Math.floor(Math.log10(dtick) + 1e-9)));
      s = a.toFixed(digits);
      if (s.indexOf(".") >= 0) s = s.replace(/\.?0+$/, "");  // Plotly hides trailing zeros: 0.5, 1, 1.5
    }
    return (v < 0 ? MINUS : "") + s;
  }
  const SUPER = { "0": "\u2070", "1": "\u00b9", "2": "\u00b2", "3": "\u00b3", "4": "\u2074", "5": "\u2075",
                  "6": "\u2076", "7": "\u2077", "8": "\u2078", "9": "\u2079", "-": "\u207b", [MINUS]: "\u207b" };
  function logLabel(e, ax) {  // a power of ten on a log axis
    const fmtName = ax.exponentformat || "B";
    if (fmtName === "power") return e === 0 ? "1" : e === 1 ? "10" : "10" + String(e).split("").map(c => SUPER[c] || c).join("");
    const v = Math.pow(10, e);
    if (e >= -4 && e < 4) return e < 0 ? v.toFixed(-e) : String(v);
    return tickLabel(v, v);
  }
  function makeTicks(ax) {  // [{v (axis coordinate), text}] for the axis's range
    const [r0, r1] = ax.range, lo = Math.min(r0, r1), hi = Math.max(r0, r1), out = [];
    const vals = ax.tickvals;
    if (isArr(vals) && (ax.tickmode === "array" || ax.tickmode === undefined)) {
      const texts = ax.ticktext;
      Array.from(vals).forEach((v, i) => {
        const c = ax.d2c(num(v));
        if (c >= lo - 1e-9 * (hi - lo) && c <= hi + 1e-9 * (hi - lo)) {
          out.push({ v: c, text: isArr(texts) && texts[i] != null ? String(texts[i]) : (ax.type === "log" ? fmt(num(v)) : tickLabel(num(v), Math.abs(hi - lo) / 10)) });
        }
      });
      return out;
    }
    const nt = ax.nticks || Math.max(4, Math.min(9, ax.length / (ax.letter === "y" ? 40 : 80))) + 1;
    if (ax.type === "log") {
      let dt = ax.dtick;
      const rough = (hi - lo) / nt;
      if (dt == null) {
        if (rough > 0.7) dt = Math.ceil(rough);
        else if (hi - lo < 1) {  // less than a decade: Plotly's linear ticks on the log axis, labelled in full
          dt = "L" + niceDtick(Math.abs(Math.pow(10, hi) - Math.pow(10, lo)) / (1.5 * (hi - lo) / rough));
        } else dt = rough > 0.3 ? "D2" : "D1";
      }
      if (typeof dt === "string" && /^L/.test(dt)) {
        const step = +dt.slice(1), a = Math.pow(10, lo), b = Math.pow(10, hi);
        if (step > 0) {
          const c0 = Math.ceil(a / step - 1e-9);
          for (let i = 0, v = c0 * step; v <= b * (1 + 1e-9) && i < 200; i++, v = (c0 + i) * step) {
            if (v > 0) out.push({ v: Math.log10(v), text: tickLabel(v, step) });
          }
          return out;
        }
        dt = "D1";
      }
      if (typeof dt === "number" || /^\d+(\.\d+)?$/.test(String(dt))) {
        const step = Math.max(1, Math.round(+dt));
        for (let e = Math.ceil(lo - 1e-9); e <= hi + 1e-9; e++) if (e % step === 0) out.push({ v: e, text: logLabel(e, ax) });
      } else {
        const digits = dt === "D2" ? [1, 2, 5] : [1, 2, 3, 4, 5, 6, 7, 8, 9];
        for (let e = Math.floor(lo); e <= hi; e++) {
          for (const d of digits) {
            const c = e + Math.log10(d);
            if (c < lo - 1e-9 || c > hi + 1e-9) continue;
            out.push({ v: c, text: d === 1 ? logLabel(e, ax) : String(d), minor: d !== 1 });
          }
        }
      }
      return out;
    }
    const dtick = ax.dtick != null && isFinite(+ax.dtick) ? +ax.dtick : niceDtick((hi - lo) / nt || 1);
    const t0 = ax.tick0 != null ? +ax.tick0 : 0;
    // a tick a hair outside the range (a range of ±0.99999999) still counts, as in Plotly
    const first = t0 + Math.ceil((lo - t0) / dtick - 1e-3) * dtick;
    for (let v = first, i = 0; v <= hi + 1e-3 * dtick && i < 1000; i++, v = first + i * dtick) {
      out.push({ v: v, text: tickLabel(v, dtick) });
    }
    return out;
  }

  // ------------------------------------------------------------------ the figure's layout in pixels
  function axisNames(layout, data) {
    const names = new Set(["x", "y"]);
    for (const k in layout) { const m = /^([xy])axis(\d*)$/.exec(k); if (m) names.add(m[1] + m[2]); }
    data.forEach(t => { names.add(t.xaxis || "x"); names.add(t.yaxis || "y"); });
    return [...names].filter(n => /^[xy]\d*$/.test(n) && n !== "x1" && n !== "y1");
  }
  const layoutKey = id => id[0] + "axis" + id.slice(1);

  function traceDefaults(t, i) {
    const type = t.type || "scatter";
    const color = COLORWAY[i % COLORWAY.length];
    const tr = Object.assign({}, t, { type: type, index: i, _color: color });
    if (type === "scatter") {
      const n = isArr(t.x) ? t.x.length : isArr(t.y) ? t.y.length : 0;
      tr.mode = t.mode || (n < 20 ? "lines+markers" : "lines");
    }
    tr.visible = t.visible == null ? true : t.visible;
    return tr;
  }

  function fullFigure(div, data, layout) {
    const tmpl = get(layout, "template.layout", null);
    const L = tmpl ? deepMerge(tmpl, layout) : layout;
    const F = { layout: L, div: div };
    const baseFont = { family: get(L, "font.family", FONT), size: get(L, "font.size", 12), color: get(L, "font.color", "#444") };
    F.font = baseFont;
    F.W = Math.round(L.width || div.clientWidth || (div.parentNode && div.parentNode.clientWidth) || 700);
    F.H = Math.round(L.height || 450);
    const m = Object.assign({ l: 80, r: 80, t: 100, b: 80 }, L.margin || {});
    F.paper = L.paper_bgcolor || "#fff";
    F.plotbg = L.plot_bgcolor || "#fff";
    // a template's first trace of each type gives that type's defaults
    const tdata = get(layout, "template.data", null);
    F.traces = data.map((t, i) => {
      const d = tdata && isArr(tdata[t.type || "scatter"]) ? tdata[t.type || "scatter"][0] : null;
      return traceDefaults(d ? deepMerge(d, t) : t, i);
    }).filter(t => t.visible !== false);
    const cw = get(L, "colorway", null);
    if (isArr(cw) && cw.length) F.traces.forEach(t => { t._color = cw[t.index % cw.length]; });
    // colour bars: heatmaps and contours show one unless told not to, markers only when asked
    F.colorbars = [];
    F.traces.forEach(t => {
      let src = null;
      if ((t.type === "heatmap" || t.type === "contour") && t.showscale !== false && !(t.type === "contour" && get(t, "contours.coloring") === "lines")) {
        src = { cb: t.colorbar || {}, scale: t.colorscale, reverse: t.reversescale, lim: zLimits(t) };
      } else if (t.type === "scatter" && get(t, "marker.showscale") === true && isArr(get(t, "marker.color"))) {
        src = { cb: get(t, "marker.colorbar", {}), scale: get(t, "marker.colorscale"), reverse: get(t, "marker.reversescale"),
                lim: markerLimits(t.marker) };
      }
      if (src) F.colorbars.push(Object.assign(src, { trace: t }));
    });
    F.colorbars.forEach(cb => layoutColorbar(F, cb));
    const paperW0 = F.W - m.l - m.r;
    let r = m.r;
    F.colorbars.forEach(cb => {  // Plotly pushes the right margin so that each bar fits
      const x = cb.cb.x == null ? 1.02 : cb.cb.x;
      if (x >= 1) r = Math.max(r, Math.ceil(cb.width + (x - 1) * paperW0 + 2));
    });
    F.margin = { l: m.l, r: r, t: m.t, b: m.b };
    F.plot = { x: m.l, y: m.t, w: Math.max(10, F.W - m.l - r), h: Math.max(10, F.H - m.t - m.b) };
    // Plotly's automargin for a legend anchored to the container's bottom (the figures' legend under the plot):
    // the plot rises until the x axis's tick labels and title stand above the legend, never behind it
    const under = layoutLegends(F).filter(lg => lg.under);
    if (under.length) {
      const xs = layout.xaxis || {}, tfs = +get(xs, "tickfont.size", F.font.size);
      const tts = +get(xs, "title.font.size", F.font.size * 1.2), titled = !!(typeof xs.title === "string" ? xs.title : get(xs, "title.text", ""));
      const room = 6 + 1.3 * tfs + (titled ? 10 + 1.3 * tts : 0);
      const need = Math.ceil(Math.max(...under.map(lg => F.H - lg.top)) + room);
      if (need > F.margin.b) {
        F.margin.b = need;
        F.plot.h = Math.max(10, F.H - m.t - need);
      }
    }
    // axes
    F.axes = {};
    // a template's xaxis / yaxis is every x / y axis's default, as in Plotly
    axisNames(L, F.traces).forEach(id => {
      F.axes[id] = makeAxis(F, id, deepMerge(get(layout, "template.layout." + id[0] + "axis", {}), layout[layoutKey(id)] || {}));
    });
    for (const id in F.axes) autorange(F, F.axes[id]);
    constrainAxes(F);
    for (const id in F.axes) finishAxis(F, F.axes[id]);
    // legend
    F.legends = layoutLegends(F);
    // colour bars beside the plots they belong to: right of an equal-aspect plot, else where Plotly puts them
    F.colorbars.forEach(cb => placeColorbar(F, cb));
    return F;
  }

  function makeAxis(F, id, spec) {
    const letter = id[0];
    const ax = Object.assign({}, spec, { id: id, letter: letter });
    ax.used = !F.traces.length || F.traces.some(t => (letter === "x" ? t.xaxis || "x" : t.yaxis || "y") === id);
    ax.type = spec.type === "log" ? "log" : "linear";
    ax.domain = isArr(spec.domain) ? [num(spec.domain[0]), num(spec.domain[1])] : [0, 1];
    ax.anchor = spec.anchor || (letter === "x" ? "y" : "x");
    ax.d2c = ax.type === "log" ? (v => (v > 0 ? Math.log10(v) : NaN)) : (v => v);
    ax.c2d = ax.type === "log" ? (c => Math.pow(10, c)) : (c => c);
    const covered = F.traces.some(t => (t.type === "heatmap" || t.type === "contour") && (letter === "x" ? t.xaxis || "x" : t.yaxis || "y") === id);
    ax.showgrid = spec.showgrid == null ? !covered : spec.showgrid;
    ax.ticks = spec.ticks == null ? (covered ? "outside" : "") : spec.ticks;
    ax.zeroline = spec.zeroline == null ? ax.type === "linear" : spec.zeroline;
    ax.showticklabels = spec.showticklabels == null ? true : spec.showticklabels;
    const P = F.plot;
    if (letter === "x") { ax.offset = P.x + ax.domain[0] * P.w; ax.length = (ax.domain[1] - ax.domain[0]) * P.w; }
    else { ax.offset = P.y + (1 - ax.domain[1]) * P.h; ax.length = (ax.domain[1] - ax.domain[0]) * P.h; }
    ax.tickfont = Object.assign({}, F.font, spec.tickfont || {});
    ax.titlefont = Object.assign({}, F.font, get(spec, "title.font", {}));
    if (!get(spec, "title.font.size")) ax.titlefont.size = Math.round(F.font.size * 1.2 * 100) / 100;
    ax.titletext = typeof spec.title === "string" ? spec.title : get(spec, "title.text", "");
    ax.rangeGiven = isArr(spec.range) && spec.autorange !== true && isFinite(num(spec.range[0])) && isFinite(num(spec.range[1]));
    if (ax.rangeGiven) ax.range = [num(spec.range[0]), num(spec.range[1])];
    return ax;
  }

  function zLimits(t) {
    let lo = num(t.zmin), hi = num(t.zmax);
    if (!isFinite(lo) || !isFinite(hi)) {
      let a = Infinity, b = -Infinity;
      (t.z || []).forEach(row => { for (let j = 0; j < (row ? row.length : 0); j++) { const v = num(row[j]); if (v < a) a = v; if (v > b) b = v; } });
      if (!isFinite(lo)) lo = a; if (!isFinite(hi)) hi = b;
    }
    if (isFinite(num(t.zmid)) && t.zmin == null && t.zmax == null) {
      const d = Math.max(Math.abs(hi - t.zmid), Math.abs(lo - t.zmid)); lo = t.zmid - d; hi = t.zmid + d;
    }
    if (!(hi > lo)) { hi = lo + 1; }
    return [lo, hi];
  }
  function markerLimits(mk) {
    let lo = num(mk.cmin), hi = num(mk.cmax);
    if (!isFinite(lo) || !isFinite(hi)) {
      const c = Array.from(mk.color).map(num).filter(isFinite);
      if (!isFinite(lo)) lo = Math.min(...c); if (!isFinite(hi)) hi = Math.max(...c);
    }
    if (!(hi > lo)) hi = lo + 1;
    return [lo, hi];
  }

  // the pixel padding a trace's markers need at each extreme (Plotly: size / 1.6), else 5 % when padded
  function autorange(F, ax) {
    // each trace gives its lowest and highest value with the pixels they need (markers' size / 1.6, and 5 % of
    // the axis when padded); the range is the tightest that fits every pair, as Plotly's autorange finds it
    if (ax.rangeGiven) return;
    const mins = [], maxs = [];
    let tozero = false;
    const letter = ax.letter;
    F.traces.forEach(t => {
      if ((letter === "x" ? t.xaxis || "x" : t.yaxis || "y") !== ax.id) return;
      const ext = extent(F, t, letter, ax);
      if (!ext || !isFinite(ext.lo) || !isFinite(ext.hi)) return;
      const p = ext.pad + (ext.padded ? 0.05 * ax.length : 0);
      mins.push([ext.lo, p]); maxs.push([ext.hi, p]);
      if (ext.tozero) { tozero = true; }
    });
    if (!mins.length) { ax.range = ax.type === "log" ? [0, 2] : [-1, 6]; return; }
    if (tozero && ax.type !== "log") { mins.push([0, 0]); maxs.push([0, 0]); }
    const lo = Math.min(...mins.map(m => m[0])), hi = Math.max(...maxs.map(m => m[0]));
    if (hi === lo) {
      const d = lo === 0 ? 1 : Math.abs(lo) * (ax.type === "log" ? 0.5 : 1);
      ax.range = ax.type === "log" ? [lo - 0.5, hi + 0.5] : [lo - d, hi + d];
      return;
    }
    let best = null, bestK = -Infinity;
    for (const [v0, p0] of mins) for (const [v1, p1] of maxs) {
      const dp = ax.length - p0 - p1, dv = v1 - v0;
      if (dv <= 0 || dp <= 0) continue;
      const k = dv / dp;
      if (k > bestK) { bestK = k; best = [v0, p0, v1, p1]; }
    }
    if (!best) { ax.range = [lo, hi]; return; }
    const r0 = best[0] - best[1] * bestK, r1 = best[2] + best[3] * bestK;
    ax.range = [r0, r1];
    if (ax.autorange === "reversed") ax.range.reverse();
  }
  function extent(F, t, letter, ax) {
    const c = v => ax.d2c(num(v));
    let lo = Infinity, hi = -Infinity;
    const scan = arr => { for (let i = 0; i < arr.length; i++) { const v = c(arr[i]); if (v < lo) lo = v; if (v > hi) hi = v; } };
    if (t.type === "heatmap" || t.type === "contour") {
      const arr = letter === "x" ? t.x : t.y, nz = letter === "x" ? ((t.z || [])[0] || []).length : (t.z || []).length;
      if (!isArr(arr) || arr.length < 1) { lo = -0.5; hi = nz - 0.5; }
      else {
        scan(arr);
        if (t.type === "heatmap" && arr.length === nz && nz > 1) {  // cell centres: the cells' edges reach half a cell further
          const d0 = c(arr[1]) - c(arr[0]), d1 = c(arr[arr.length - 1]) - c(arr[arr.length - 2]);
          lo -= Math.abs(d0) / 2; hi += Math.abs(d1) / 2;
        }
      }
      return { lo: lo, hi: hi, pad: 0, padded: false };
    }
    if (t.type === "bar" || t.type === "histogram") {
      const b = barGeometry(F, t);
      if (!b) return null;
      if (letter === "x") { lo = Math.min(...b.map(q => q.x0)); hi = Math.max(...b.map(q => q.x1)); return { lo: c(lo), hi: c(hi), pad: 0, padded: false }; }
      lo = Math.min(0, ...b.map(q => q.y)); hi = Math.max(0, ...b.map(q => q.y));
      return { lo: lo, hi: hi, pad: 0, padded: true, tozero: true };
    }
    const arr = letter === "x" ? t.x : t.y;
    if (!isArr(arr)) return null;
    scan(arr);
    const err = t[letter === "x" ? "error_x" : "error_y"];
    if (err && err.visible !== false && (isArr(err.array) || err.value != null)) {
      for (let i = 0; i < arr.length; i++) {
        const v = num(arr[i]), [el, eh] = errorSpan(err, v, i);
        if (isFinite(el) && c(v - el) < lo) lo = c(v - el);
        if (isFinite(eh) && c(v + eh) > hi) hi = c(v + eh);
      }
    }
    if (!isFinite(lo)) return null;
    const markers = /markers/.test(t.mode), text = /text/.test(t.mode);
    let pad = 0;
    if (markers) {
      const s = get(t, "marker.size", 6);
      pad = isArr(s) ? Math.max(0, ...Array.from(s).map(num).filter(isFinite)) / 1.6 : Math.max(num(s) / 1.6, 3);
    }
    const fill = t.fill || "none";
    let padded = true, tozero = false;
    if (letter === "x") { if (fill === "tozerox") tozero = true; else if (fill === "tozeroy" || fill === "tonexty" || (!markers && !text)) padded = false; }
    else { if (fill === "tozeroy") tozero = true; else if (fill === "tozerox" || fill === "tonextx") padded = false; }
    return { lo: lo, hi: hi, pad: padded ? pad : 0, padded: padded, tozero: tozero };
  }

  function constrainAxes(F) {  // scaleanchor: one unit as long on both axes; "domain" shrinks the plot, centred
    for (const id in F.axes) {
      const ay = F.axes[id];
      if (!ay.scaleanchor || !F.axes[ay.scaleanchor]) continue;
      const ax = F.axes[ay.scaleanchor], ratio = num(ay.scaleratio) || 1;
      const sx = ax.length / Math.abs(ax.range[1] - ax.range[0]);          // px per unit of ax
      const sy = ay.length / Math.abs(ay.range[1] - ay.range[0]) / ratio;  // px per unit of ax, through ay
      const s = Math.min(sx, sy);
      [[ax, sx, 1], [ay, sy, ratio]].forEach(([a, own, k]) => {
        if (own <= s * (1 + 1e-9)) return;
        const want = s * k * Math.abs(a.range[1] - a.range[0]);
        if (a.constrain === "domain") {
          a.offset += (a.length - want) / 2; a.length = want; a.shrunk = true;
        } else {  // "range": the range grows about its middle
          const mid = (a.range[0] + a.range[1]) / 2, half = a.length / (s * k) / 2 * Math.sign(a.range[1] - a.range[0]);
          a.range = [mid - half, mid + half];
        }
      });
    }
  }

  function finishAxis(F, ax) {
    const [r0, r1] = ax.range, len = ax.length, off = ax.offset;
    if (ax.letter === "x") {
      ax.c2p = c => off + (c - r0) / (r1 - r0) * len;
      ax.p2c = p => r0 + (p - off) / len * (r1 - r0);
    } else {
      ax.c2p = c => off + (r1 - c) / (r1 - r0) * len;
      ax.p2c = p => r1 - (p - off) / len * (r1 - r0);
    }
    ax.d2p = v => ax.c2p(ax.d2c(num(v)));
    ax.p2d = p => ax.c2d(ax.p2c(p));
    ax.tickList = makeTicks(ax);
    // the counter axis: where this one's line, labels and title sit
    ax.labelW = 0;
    if (ax.showticklabels) {
      for (const tk of ax.tickList) {  // tick texts may carry Plotly's small HTML (a coloured <span>)
        tk.box = /</.test(tk.text) ? textBox(tk.text, ax.tickfont) : null;
        tk.w = tk.box ? tk.box.width : measure(tk.text, ax.tickfont);
      }
      ax.labelW = Math.max(0, ...ax.tickList.map(tk => tk.w));
    }
  }
  function counterSpan(F, ax) {  // the pixel span of the axis's anchor (the edge its labels hang from)
    const c = F.axes[ax.anchor];
    if (ax.letter === "x") return c ? [c.offset, c.offset + c.length] : [F.plot.y, F.plot.y + F.plot.h];
    return c ? [c.offset, c.offset + c.length] : [F.plot.x, F.plot.x + F.plot.w];
  }

  // ------------------------------------------------------------------ legends
  function legendItems(F, name) {
    const items = [];
    const shown = F.traces.filter(t => (t.legend || "legend") === name);
    const showAll = F.layout.showlegend;
    const countable = F.traces.filter(t => t.type === "scatter" || t.type === "bar" || t.type === "histogram");
    const onByDefault = showAll === true || (showAll !== false && (countable.length > 1 || F.traces.some(t => t.showlegend === true)));
    if (showAll === false) return items;
    shown.forEach(t => {
      const can = t.type === "scatter" || t.type === "bar" || t.type === "histogram";
      if (!can || t.showlegend === false || (!onByDefault && t.showlegend !== true)) return;
      if (t.type === "scatter" && !(isArr(t.x) ? t.x.length : isArr(t.y) ? t.y.length : 0)) return;  // Plotly: no entry for an empty trace
      items.push(t);
    });
    return items;
  }
  function layoutLegends(F) {
    const names = new Set(["legend"]);
    F.traces.forEach(t => t.legend && names.add(t.legend));
    const out = [];
    names.forEach(name => {
      const items = legendItems(F, name);
      if (!items.length) return;
      const spec = F.layout[name] || {};
      const font = Object.assign({}, F.font, spec.font || {});
      const horizontal = spec.orientation === "h";
      const lh = Math.max(font.size * 1.3, 0), itemGap = 5, textGap = 40;
      const boxes = items.map(t => textBox(t.name == null ? "trace " + t.index : t.name, font));
      const widths = boxes.map(b => textGap + b.width + itemGap), heights = boxes.map(b => Math.max(b.height, lh));
      // Plotly's legend groups: the entries of a legendgroup stacked in one block; blocks side by side in a
      // horizontal legend (wrapping), one under the other with tracegroupgap between them in a vertical one
      const grouped = items.some(t => t.legendgroup), gap = spec.tracegroupgap == null ? 10 : +spec.tracegroupgap;
      const blocks = [];
      if (grouped) {
        const byGroup = new Map();
        items.forEach((t, k) => {
          const g = t.legendgroup || "\u0000" + k;
          if (!byGroup.has(g)) { byGroup.set(g, []); blocks.push(byGroup.get(g)); }
          byGroup.get(g).push(k);
        });
      } else items.forEach((t, k) => blocks.push([k]));
      let bw = blocks.map(b => Math.max(...b.map(k => widths[k])));
      // Plotly's room for a horizontal legend: the plot's width (more when it is anchored in a side margin)
      const lx = spec.x == null ? 0 : +spec.x, lxa = spec.xanchor || "left";
      const maxW = Math.max(80, lx < 0 || (lx === 0 && lxa === "right") ? F.W / 2
                              : lx > 1 || (lx === 1 && lxa === "left") ? F.W / 2 : F.plot.w);
      // too wide for one row, ungrouped entries are aligned in columns of the widest one
      if (horizontal && !grouped && bw.reduce((a, w) => a + w + itemGap, 0) >= maxW) bw = bw.map(() => Math.max(...bw));
      const bh = blocks.map(b => b.reduce((a, k) => a + heights[k], 0));
      const place = [];  // [block, x, y] relative to the legend's top left
      let width = 0, height = 0;
      if (horizontal) {
        let x = 0, y = 0, rowH = 0;
        blocks.forEach((b, q) => {
          if (x > 0 && x + bw[q] > maxW) { x = 0; y += rowH + (grouped ? gap : 0); rowH = 0; }
          place.push([b, x, y]); x += bw[q] + itemGap; rowH = Math.max(rowH, bh[q]);
          width = Math.max(width, x);
        });
        height = y + rowH;
      } else {
        let y = 0;
        blocks.forEach((b, q) => { place.push([b, 0, y]); y += bh[q] + (grouped && q < blocks.length - 1 ? gap : 0); });
        width = Math.max(...bw); height = y;
      }
      height += 2 * 5;
      // where: x, y in paper (plot area) or container fractions; Plotly's defaults: right of the plot, top
      const xref = spec.xref === "container" ? "container" : "paper", yref = spec.yref === "container" ? "container" : "paper";
      const defX = horizontal ? 0 : 1.02, defY = horizontal ? (-0.1) : 1;
      const xf = spec.x == null ? defX : +spec.x, yf = spec.y == null ? defY : +spec.y;
      const xanchor = spec.xanchor && spec.xanchor !== "auto" ? spec.xanchor : (xf >= 2 / 3 ? "right" : xf > 1 / 3 ? "center" : "left");
      const yanchor = spec.yanchor && spec.yanchor !== "auto" ? spec.yanchor : (yf <= 1 / 3 ? "bottom" : yf < 2 / 3 ? "middle" : "top");
      const P = F.plot;
      let px = xref === "container" ? xf * F.W : P.x + xf * P.w;
      let py = yref === "container" ? (1 - yf) * F.H : P.y + (1 - yf) * P.h;
      let left = xanchor === "left" ? px : xanchor === "right" ? px - width : px - width / 2;
      let top = yanchor === "top" ? py : yanchor === "bottom" ? py - height : py - height / 2;
      left = Math.max(0, Math.min(F.W - width, left));
      top = Math.max(0, Math.min(F.H - height, top));
      const pos = [];
      place.forEach(([b, x, y]) => {
        let yy = top + 5 + y;
        b.forEach(k => { pos[k] = { x: left + x, y: yy + heights[k] / 2 }; yy += heights[k]; });
      });
      out.push({ items: items, boxes: boxes, pos: pos, left: left, top: top, width: width, height: height, font: font,
                 under: yref === "container" && yanchor === "bottom" && yf < 0.2,
                 bg: spec.bgcolor || F.paper, border: spec.bordercolor, borderwidth: spec.borderwidth || 0 });
    });
    return out;
  }

  // ------------------------------------------------------------------ colour bars
  function layoutColorbar(F, cb) {
    const spec = cb.cb, font = Object.assign({}, F.font, spec.tickfont || {});
    cb.font = font;
    cb.thickness = spec.thickness == null ? 30 : +spec.thickness;
    cb.len = spec.len == null ? 1 : +spec.len;
    cb.stops = scaleOf(cb.scale, cb.reverse);
    const [lo, hi] = cb.lim;
    const len = (spec.lenmode === "pixels" ? cb.len : cb.len * Math.max(50, F.H - get(F.layout, "margin.t", 100) - get(F.layout, "margin.b", 80)))
              - 2 * (spec.ypad == null ? 10 : +spec.ypad);  // the bar's own length: Plotly's ticks for it
    const axLike = { range: [lo, hi], type: "linear", d2c: v => v, letter: "y", length: len, tickvals: spec.tickvals,
                     ticktext: spec.ticktext, dtick: spec.dtick, tick0: spec.tick0, nticks: spec.nticks };
    cb.ticks = makeTicks(axLike);
    cb.labelW = Math.max(0, ...cb.ticks.map(t => measure(t.text, font)));
    cb.title = typeof spec.title === "string" ? spec.title : get(spec, "title.text", "");
    cb.titlefont = Object.assign({}, F.font, { size: Math.round(1.2 * F.font.size) }, get(spec, "title.font", {}));
    cb.titleSide = get(spec, "title.side", "top");
    const xpad = spec.xpad == null ? 10 : +spec.xpad;
    cb.xpad = xpad;
    cb.width = xpad + cb.thickness + 2 + (spec.showticklabels === false ? 0 : cb.labelW + 4)
             + (cb.title && cb.titleSide === "right" ? cb.titlefont.size * 1.3 + 4 : 0);
    if (cb.title && cb.titleSide !== "right") cb.width = Math.max(cb.width, measure(cb.title, cb.titlefont) + 2 * xpad);
  }
  function placeColorbar(F, cb) {
    const spec = cb.cb, t = cb.trace, P = F.plot;
    const ax = F.axes[t.xaxis || "x"], ay = F.axes[t.yaxis || "y"];
    const equal = ay && ay.scaleanchor && Object.keys(F.axes).filter(id => id[0] === "x").length === 1;
    let left;
    if (equal && spec.x == null) left = ax.offset + ax.length + 12 - cb.xpad;  // beside the plot it colours
    else {
      const x = spec.x == null ? 1.02 : +spec.x, xanchor = spec.xanchor || "left";
      const px = P.x + x * P.w;
      left = xanchor === "left" ? px : xanchor === "right" ? px - cb.width : px - cb.width / 2;
    }
    const yf = spec.y == null ? 0.5 : +spec.y, yanchor = spec.yanchor || "middle";
    const lenPx = (spec.lenmode === "pixels" ? cb.len : cb.len * P.h);
    const titleH = cb.title && cb.titleSide === "top" ? cb.titlefont.size * 1.5 : 0;
    const py = P.y + (1 - yf) * P.h;
    let top = yanchor === "top" ? py : yanchor === "bottom" ? py - lenPx : py - lenPx / 2;
    cb.box = { left: left, top: top, width: cb.width, height: lenPx };
    const ypad = spec.ypad == null ? 10 : +spec.ypad;
    cb.bar = { x: left + cb.xpad, y: top + ypad + titleH, w: cb.thickness, h: Math.max(4, lenPx - 2 * ypad - titleH) };
  }

  // ------------------------------------------------------------------ bars and histograms
  function barGeometry(F, t) {
    if (t._bars) return t._bars;
    let bars = [];
    if (t.type === "histogram") {
      const xs = Array.from(t.x || []).map(num).filter(isFinite);
      if (!xs.length) return null;
      let start = num(get(t, "xbins.start")), end = num(get(t, "xbins.end")), size = num(get(t, "xbins.size"));
      if (!isFinite(size) || size <= 0) size = niceDtick((Math.max(...xs) - Math.min(...xs) || 1) / Math.min(30, Math.max(5, Math.ceil(Math.sqrt(xs.length)))));
      if (!isFinite(start)) start = Math.floor(Math.min(...xs) / size) * size;
      if (!isFinite(end)) end = Math.max(...xs) + size;
      const n = Math.max(1, Math.ceil((end - start) / size - 1e-9));
      const counts = new Float64Array(n);
      xs.forEach(v => { const k = Math.floor((v - start) / size); if (k >= 0 && k < n && v <= end) counts[k] += 1; });
      const norm = t.histnorm || "";
      for (let k = 0; k < n; k++) {
        let y = counts[k];
        if (norm === "probability density") y /= xs.length * size;
        else if (norm === "probability") y /= xs.length;
        else if (norm === "percent") y *= 100 / xs.length;
        else if (norm === "density") y /= size;
        bars.push({ x0: start + k * size, x1: start + (k + 1) * size, y: y, xc: start + (k + 0.5) * size });
      }
      const gap = F.layout.bargap == null ? 0 : +F.layout.bargap;
      bars.forEach(b => { const w = (b.x1 - b.x0) * gap / 2; b.x0 += w; b.x1 -= w; });
    } else {
      const xs = Array.from(t.x || (t.y || []).map((v, i) => i)), ys = Array.from(t.y || []);
      const sorted = xs.map(num).filter(isFinite).sort((a, b) => a - b);
      let d = Infinity;
      for (let i = 1; i < sorted.length; i++) if (sorted[i] > sorted[i - 1]) d = Math.min(d, sorted[i] - sorted[i - 1]);
      if (!isFinite(d)) d = 1;
      const gap = F.layout.bargap == null ? 0.2 : +F.layout.bargap;
      const w = t.width != null ? +t.width : d * (1 - gap);
      bars = xs.map((x, i) => ({ x0: num(x) - w / 2, x1: num(x) + w / 2, y: num(ys[i]), xc: num(x) }));
    }
    t._bars = bars;
    return bars;
  }

  // ------------------------------------------------------------------ marker symbols (Plotly's shapes)
  function symbolPath(ctx, sym, x, y, r) {  // returns whether the symbol is open (lines only)
    const base = sym.replace(/-open(-dot)?$|-dot$/, "");
    const open = /-open/.test(sym) || /^(line-|x-thin|cross-thin|asterisk|y-)/.test(base);
    ctx.beginPath();
    switch (base) {
      case "square": ctx.rect(x - r, y - r, 2 * r, 2 * r); break;
      case "diamond": { const d = 1.3 * r; ctx.moveTo(x + d, y); ctx.lineTo(x, y + d); ctx.lineTo(x - d, y); ctx.lineTo(x, y - d); ctx.closePath(); break; }
      case "cross": { const c = 0.4 * r, c2 = 1.2 * r;
        ctx.moveTo(x + c2, y + c); ctx.lineTo(x + c, y + c); ctx.lineTo(x + c, y + c2); ctx.lineTo(x - c, y + c2);
        ctx.lineTo(x - c, y + c); ctx.lineTo(x - c2, y + c); ctx.lineTo(x - c2, y - c); ctx.lineTo(x - c, y - c);
        ctx.lineTo(x - c, y - c2); ctx.lineTo(x + c, y - c2); ctx.lineTo(x + c, y - c); ctx.lineTo(x + c2, y - c); ctx.closePath(); break; }
      case "x": { const q = 0.8 * r / Math.SQRT2, pts = [[0, 1], [1, 1], [1, -1], [-1, -1], [1, -1], [-1, -1], [-1, 1], [-1, -1], [-1, 1], [1, 1], [-1, 1], [1, 1]];
        let cx = x, cy = y + q; ctx.moveTo(cx, cy);
        for (let i = 1; i < pts.length; i++) { cx += pts[i][0] * q; cy += pts[i][1] * q; ctx.lineTo(cx, cy); }
        ctx.closePath(); break; }
      case "triangle-up": { const t = 2 * r / Math.sqrt(3), h = r / 2, d = r;
        ctx.moveTo(x - t, y + h); ctx.lineTo(x + t, y + h); ctx.lineTo(x, y - d); ctx.closePath(); break; }
      case "triangle-down": { const t = 2 * r / Math.sqrt(3), h = r / 2, d = r;
        ctx.moveTo(x - t, y - h); ctx.lineTo(x + t, y - h); ctx.lineTo(x, y + d); ctx.closePath(); break; }
      case "star": { const s = 1.4 * r, x1 = 0.225 * s, x2 = 0.951 * s, x3 = 0.363 * s, x4 = 0.588 * s,
        y1 = -s, y2 = -0.309 * s, y3 = 0.118 * s, y4 = 0.809 * s, y5 = 0.382 * s;
        ctx.moveTo(x + x1, y + y2); ctx.lineTo(x + x2, y + y2); ctx.lineTo(x + x3, y + y3); ctx.lineTo(x + x4, y + y4);
        ctx.lineTo(x, y + y5); ctx.lineTo(x - x4, y + y4); ctx.lineTo(x - x3, y + y3); ctx.lineTo(x - x2, y + y2);
        ctx.lineTo(x - x1, y + y2); ctx.lineTo(x, y + y1); ctx.closePath(); break; }
      case "x-thin": { const q = 1.4 * r / Math.SQRT2 * Math.SQRT2 / 1.4 * 1.0; const d = Math.min(q, r);
        ctx.moveTo(x + d, y + d); ctx.lineTo(x - d, y - d); ctx.moveTo(x + d, y - d); ctx.lineTo(x - d, y + d); break; }
      case "cross-thin": { const d = 1.4 * r; ctx.moveTo(x, y + d); ctx.lineTo(x, y - d); ctx.moveTo(x + d, y); ctx.lineTo(x - d, y); break; }
      case "line-ns": { const d = 1.4 * r; ctx.moveTo(x, y + d); ctx.lineTo(x, y - d); break; }
      case "line-ew": { const d = 1.4 * r; ctx.moveTo(x + d, y); ctx.lineTo(x - d, y); break; }
      default: ctx.arc(x, y, r, 0, 2 * Math.PI);
    }
    return open;
  }

  // ------------------------------------------------------------------ drawing
  function dashOf(dash, w) {  // Plotly's dash patterns, scaled by the line's width (at least 3 px)
    const d = Math.max(w, 3);
    if (!dash || dash === "solid") return [];
    if (dash === "dot") return [d, d];
    if (dash === "dash") return [3 * d, 3 * d];
    if (dash === "longdash") return [5 * d, 5 * d];
    if (dash === "dashdot") return [3 * d, d, d, d];
    if (dash === "longdashdot") return [5 * d, 2 * d, d, 2 * d];
    const parts = String(dash).split(/[ ,]+/).map(parseFloat).filter(isFinite);
    return parts.length ? parts : [];
  }
  function refPx(F, ref, v, letter) {  // a shape's or annotation's coordinate in px: data, "x domain", "paper"
    ref = ref || letter;
    if (ref === "paper") return letter === "x" ? F.plot.x + v * F.plot.w : F.plot.y + (1 - v) * F.plot.h;
    const m = /^([xy]\d*) domain$/.exec(ref);
    if (m) {
      const a = F.axes[m[1]] || F.axes[letter];
      return letter === "x" ? a.offset + v * a.length : a.offset + (1 - v) * a.length;
    }
    const a = F.axes[ref] || F.axes[letter];
    return a.d2p(v);
  }

  function heatImage(t, stops, lo, hi, F) {
    // the cells as one small image (a pixel a cell), cached on the z array: a frame shown again costs nothing
    const z = t.z, ny = z.length, nx = ny ? z[0].length : 0;
    if (!nx) return null;
    const key = "_lp_img", cache = heatImage.cache || (heatImage.cache = new WeakMap());
    const sig = lo + "|" + hi + "|" + JSON.stringify(t.colorscale) + "|" + !!t.reversescale;
    const hit = cache.get(z);
    if (hit && hit.sig === sig) return hit.canvas;
    const img = new ImageData(nx, ny), data = img.data;
    const lutN = 1024, lut = new Uint8ClampedArray(4 * (lutN + 1));
    for (let i = 0; i <= lutN; i++) { const c = colorAt(stops, i / lutN); lut.set([c[0], c[1], c[2], 255 * c[3]], 4 * i); }
    const span = hi - lo;
    for (let i = 0; i < ny; i++) {
      const row = z[ny - 1 - i];  // canvas rows go down, y goes up
      for (let j = 0, o = 4 * i * nx; j < nx; j++, o += 4) {
        const v = num(row[j]);
        if (!isFinite(v)) { data[o + 3] = 0; continue; }
        let f = (v - lo) / span;
        f = f < 0 ? 0 : f > 1 ? 1 : f;
        // exact colour for the few levels of 8-bit data, the table for the rest
        const k = 4 * Math.round(f * lutN);
        data[o] = lut[k]; data[o + 1] = lut[k + 1]; data[o + 2] = lut[k + 2]; data[o + 3] = lut[k + 3];
      }
    }
    const cv = document.createElement("canvas");
    cv.width = nx; cv.height = ny;
    cv.getContext("2d").putImageData(img, 0, 0);
    cache.set(z, { sig: sig, canvas: cv });
    return cv;
  }
  function cellEdges(arr, n, ax) {  // the pixel edges of n cells centred on arr (or arr as the n + 1 edges)
    const c = i => ax.d2p(arr[i]);
    const e = new Float64Array(n + 1);
    if (!isArr(arr) || arr.length < n) { for (let i = 0; i <= n; i++) e[i] = ax.d2p(i - 0.5); return e; }
    if (arr.length >= n + 1) { for (let i = 0; i <= n; i++) e[i] = c(i); return e; }
    if (n === 1) { e[0] = c(0) - 0.5; e[1] = c(0) + 0.5; return e; }
    for (let i = 1; i < n; i++) e[i] = (c(i - 1) + c(i)) / 2;
    e[0] = 2 * c(0) - e[1]; e[n] = 2 * c(n - 1) - e[n - 1];
    return e;
  }
  function drawHeatmap(ctx, F, t) {
    const ax = F.axes[t.xaxis || "x"], ay = F.axes[t.yaxis || "y"];
    if (!isArr(t.z) || !t.z.length) return;
    const [lo, hi] = zLimits(t), stops = scaleOf(t.colorscale, t.reversescale);
    const img = heatImage(t, stops, lo, hi, F);
    if (!img) return;
    const nx = img.width, ny = img.height;
    const ex = cellEdges(t.x, nx, ax), ey = cellEdges(t.y, ny, ay);
    ctx.save();
    ctx.globalAlpha = t.opacity == null ? 1 : +t.opacity;
    ctx.imageSmoothingEnabled = !!t.zsmooth && t.zsmooth !== false;
    const even = a => { const d = (a[a.length - 1] - a[0]) / (a.length - 1); for (let i = 1; i < a.length; i++) if (Math.abs(a[i] - a[i - 1] - d) > 0.01 * Math.abs(d) + 1e-9) return false; return true; };
    if (even(ex) && even(ey)) {
      const x0 = Math.min(ex[0], ex[nx]), y0 = Math.min(ey[0], ey[ny]);
      const w = Math.abs(ex[nx] - ex[0]), h = Math.abs(ey[ny] - ey[0]);
      if (ex[nx] < ex[0]) { ctx.translate(x0 + w, 0); ctx.scale(-1, 1); ctx.drawImage(img, 0, y0, w, h); }
      else if (ey[ny] > ey[0]) { ctx.translate(0, y0 + h); ctx.scale(1, -1); ctx.drawImage(img, x0, 0, w, h); }
      else ctx.drawImage(img, x0, y0, w, h);
    } else {  // uneven cells: one rectangle each
      const d = img.getContext("2d").getImageData(0, 0, nx, ny).data;
      for (let i = 0; i < ny; i++) for (let j = 0; j < nx; j++) {
        const o = 4 * ((ny - 1 - i) * nx + j);
        if (!d[o + 3]) continue;
        ctx.fillStyle = `rgba(${d[o]},${d[o + 1]},${d[o + 2]},${d[o + 3] / 255})`;
        const x0 = Math.min(ex[j], ex[j + 1]), y0 = Math.min(ey[i], ey[i + 1]);
        ctx.fillRect(Math.floor(x0), Math.floor(y0), Math.ceil(Math.abs(ex[j + 1] - ex[j]) + 0.5), Math.ceil(Math.abs(ey[i + 1] - ey[i]) + 0.5));
      }
    }
    ctx.restore();
  }
  function drawContour(ctx, F, t) {  // contour lines (coloring "lines") by marching squares, at the trace's levels
    const z = t.z;
    if (!isArr(z) || z.length < 2) return;
    const ax = F.axes[t.xaxis || "x"], ay = F.axes[t.yaxis || "y"];
    const ny = z.length, nx = z[0].length;
    const px = new Float64Array(nx), py = new Float64Array(ny);
    for (let j = 0; j < nx; j++) px[j] = isArr(t.x) && t.x.length >= nx ? ax.d2p(t.x[j]) : ax.d2p(j);
    for (let i = 0; i < ny; i++) py[i] = isArr(t.y) && t.y.length >= ny ? ay.d2p(t.y[i]) : ay.d2p(i);
    const c = t.contours || {};
    let start = num(c.start), end = num(c.end), size = num(c.size);
    if (!isFinite(start) || !isFinite(end)) {
      const [lo, hi] = zLimits(t); size = isFinite(size) && size > 0 ? size : niceDtick((hi - lo) / 15);
      start = Math.ceil(lo / size) * size; end = hi;
    }
    if (!(size > 0)) size = 1;
    const coloring = c.coloring || "fill";
    const stops = scaleOf(t.colorscale, t.reversescale), [zl, zh] = zLimits(t);
    const w = get(t, "line.width", 0.5), dash = get(t, "line.dash");
    ctx.save();
    ctx.lineWidth = w; ctx.lineJoin = "round"; ctx.lineCap = "round";
    ctx.setLineDash(dashOf(dash, w));
    for (let lev = start, n = 0; lev <= end + 1e-9 * Math.abs(size) && n < 200; n++, lev = start + n * size) {
      const lc = get(t, "line.color") || (coloring === "lines" ? css(colorAt(stops, (lev - zl) / (zh - zl))) : "#444");
      ctx.strokeStyle = css(lc);
      ctx.beginPath();
      for (let i = 0; i < ny - 1; i++) {
        const r0 = z[i], r1 = z[i + 1];
        for (let j = 0; j < nx - 1; j++) {
          const a = num(r0[j]), b = num(r0[j + 1]), d = num(r1[j]), e = num(r1[j + 1]);
          const A = a > lev, B = b > lev, D = d > lev, E = e > lev;  // Plotly's marching index: above means > level
          if (A === B && B === D && D === E) continue;
          const pts = [];
          if (A !== B) pts.push([px[j] + (lev - a) / (b - a) * (px[j + 1] - px[j]), py[i]]);
          if (B !== E) pts.push([px[j + 1], py[i] + (lev - b) / (e - b) * (py[i + 1] - py[i])]);
          if (D !== E) pts.push([px[j] + (lev - d) / (e - d) * (px[j + 1] - px[j]), py[i + 1]]);
          if (A !== D) pts.push([px[j], py[i] + (lev - a) / (d - a) * (py[i + 1] - py[i])]);
          for (let q = 0; q + 1 < pts.length; q += 2) { ctx.moveTo(pts[q][0], pts[q][1]); ctx.lineTo(pts[q + 1][0], pts[q + 1][1]); }
        }
      }
      ctx.stroke();
    }
    ctx.restore();
  }
  function lineColor(t) { return get(t, "line.color") || (typeof get(t, "marker.color") === "string" ? t.marker.color : t._color); }
  function drawScatter(ctx, F, t) {
    const ax = F.axes[t.xaxis || "x"], ay = F.axes[t.yaxis || "y"];
    const X = t.x || (t.y ? Array.from(t.y, (v, i) => i) : []), Y = t.y || [];
    const n = Math.min(X.length, Y.length);
    if (!n) return;
    const px = new Float64Array(n), py = new Float64Array(n);
    for (let i = 0; i < n; i++) { px[i] = ax.d2p(X[i]); py[i] = ay.d2p(Y[i]); }
    t._px = px; t._py = py;
    const mode = t.mode, op = t.opacity == null ? 1 : +t.opacity;
    ctx.save();
    ctx.globalAlpha = op;
    const lw = get(t, "line.width", 2), shape = get(t, "line.shape", "linear");
    const trace = () => {
      let pen = false;
      for (let i = 0; i < n; i++) {
        if (!isFinite(px[i]) || !isFinite(py[i])) { pen = false; continue; }
        if (!pen) { ctx.moveTo(px[i], py[i]); pen = true; continue; }
        if (shape === "vh") ctx.lineTo(px[i - 1], py[i]);
        else if (shape === "hv") ctx.lineTo(px[i], py[i - 1]);
        else if (shape === "hvh") { const m = (px[i - 1] + px[i]) / 2; ctx.lineTo(m, py[i - 1]); ctx.lineTo(m, py[i]); }
        else if (shape === "vhv") { const m = (py[i - 1] + py[i]) / 2; ctx.lineTo(px[i - 1], m); ctx.lineTo(px[i], m); }
        ctx.lineTo(px[i], py[i]);
      }
    };
    if (t.fill === "tozeroy" || t.fill === "tozerox" || t.fill === "toself") {
      ctx.fillStyle = css(t.fillcolor || lineColor(t), t.fillcolor ? 1 : 0.5);
      ctx.beginPath(); trace();
      if (t.fill === "tozeroy") { const z0 = ay.d2p(ay.type === "log" ? 1 : 0); ctx.lineTo(px[n - 1], z0); ctx.lineTo(px[0], z0); }
      else if (t.fill === "tozerox") { const z0 = ax.d2p(0); ctx.lineTo(z0, py[n - 1]); ctx.lineTo(z0, py[0]); }
      ctx.closePath(); ctx.fill();
    }
    if (/lines/.test(mode) && lw > 0 && n > 1) {
      ctx.strokeStyle = css(lineColor(t));
      ctx.lineWidth = lw; ctx.lineJoin = "round"; ctx.lineCap = "butt";
      ctx.setLineDash(dashOf(get(t, "line.dash"), lw));
      ctx.beginPath(); trace(); ctx.stroke();
      ctx.setLineDash([]);
    }
    for (const dir of ["error_y", "error_x"]) {  // error bars (type "data" or "constant" / "percent"), with caps
      const e = t[dir];
      if (!e || e.visible === false || (e.visible == null && !isArr(e.array) && e.value == null)) continue;
      const w = e.thickness == null ? 2 : +e.thickness, cap = e.width == null ? 4 : +e.width;
      ctx.strokeStyle = css(e.color || lineColor(t)); ctx.lineWidth = w; ctx.setLineDash([]);
      ctx.beginPath();
      for (let i = 0; i < n; i++) {
        const [lo, hi] = errorSpan(e, dir === "error_y" ? num(Y[i]) : num(X[i]), i);
        if (!isFinite(lo) || !isFinite(hi) || (lo === 0 && hi === 0)) continue;
        if (dir === "error_y") {
          const a = ay.d2p(num(Y[i]) - lo), b = ay.d2p(num(Y[i]) + hi);
          ctx.moveTo(px[i], a); ctx.lineTo(px[i], b);
          if (cap) { ctx.moveTo(px[i] - cap, a); ctx.lineTo(px[i] + cap, a); ctx.moveTo(px[i] - cap, b); ctx.lineTo(px[i] + cap, b); }
        } else {
          const a = ax.d2p(num(X[i]) - lo), b = ax.d2p(num(X[i]) + hi);
          ctx.moveTo(a, py[i]); ctx.lineTo(b, py[i]);
          if (cap) { ctx.moveTo(a, py[i] - cap); ctx.lineTo(a, py[i] + cap); ctx.moveTo(b, py[i] - cap); ctx.lineTo(b, py[i] + cap); }
        }
      }
      ctx.stroke();
    }
    if (/markers/.test(mode)) drawMarkers(ctx, t, px, py, n);
    if (/text/.test(mode) && t.text != null) {
      const font = Object.assign({}, F.font, t.textfont || {});
      const pos = t.textposition || "middle center";
      for (let i = 0; i < n; i++) {
        const s = isArr(t.text) ? t.text[i] : t.text;
        if (s == null || s === "") continue;
        const box = textBox(String(s), font), p = isArr(pos) ? pos[i] : pos;
        const r = /markers/.test(mode) ? sizeAt(t, i) / 2 + 2 : 0;
        const xa = /left/.test(p) ? "right" : /right/.test(p) ? "left" : "center";
        const ya = /top/.test(p) ? "bottom" : /bottom/.test(p) ? "top" : "middle";
        drawText(ctx, box, px[i] + (xa === "right" ? -r : xa === "left" ? r : 0), py[i] + (ya === "bottom" ? -r : ya === "top" ? r : 0), xa, ya, "center");
      }
    }
    ctx.restore();
  }
  function errorSpan(e, v, i) {  // [below, above] of an error bar at point i
    const type = e.type || (isArr(e.array) ? "data" : "percent");
    let hi, lo;
    if (type === "data") { hi = isArr(e.array) ? num(e.array[i]) : 0; lo = e.symmetric === false && isArr(e.arrayminus) ? num(e.arrayminus[i]) : hi; }
    else if (type === "constant") { hi = num(e.value); lo = e.symmetric === false ? num(e.valueminus) : hi; }
    else if (type === "percent") { hi = Math.abs(v) * num(e.value == null ? 10 : e.value) / 100; lo = e.symmetric === false ? Math.abs(v) * num(e.valueminus) / 100 : hi; }
    else return [NaN, NaN];
    return [lo || 0, hi || 0];
  }
  function sizeAt(t, i) { const s = get(t, "marker.size", 6); return isArr(s) ? num(s[i]) : num(s); }
  function drawMarkers(ctx, t, px, py, n, legendOnly) {
    const mk = t.marker || {}, ml = mk.line || {};
    const sym = mk.symbol || "circle", size = mk.size == null ? 6 : mk.size;
    const mop = mk.opacity == null ? (isArr(mk.size) ? 0.7 : 1) : mk.opacity;  // Plotly's bubbles: 0.7
    const colorArr = isArr(mk.color) && typeof mk.color[0] !== "string" ? mk.color : null;
    let stops = null, lo = 0, hi = 1;
    if (colorArr) { stops = scaleOf(mk.colorscale, mk.reversescale); [lo, hi] = markerLimits(mk); }
    const fillOf = i => colorArr ? css(colorAt(stops, (num(colorArr[i]) - lo) / (hi - lo)))
                       : isArr(mk.color) ? css(mk.color[i]) : css(mk.color || get(t, "line.color") || t._color);  // Plotly: the line's colour
    const lwidth = ml.width == null ? 0 : ml.width;
    const single = !isArr(mk.color) && !isArr(sym) && !isArr(mop);
    const fill0 = single ? fillOf(0) : null;
    // each marker stamped from a small pre-drawn image of its symbol, size and colours (kept across frames): a
    // path filled and stroked per marker costs ten times more in a software-rendered canvas
    const dpr = ctx.getTransform().a || 1, alpha0 = ctx.globalAlpha;
    for (let i = 0; i < n; i++) {
      if (!isFinite(px[i]) || !isFinite(py[i])) continue;
      let s = isArr(size) ? num(size[i]) : num(size);
      if (legendOnly) s = legendSize(size);
      if (!(s > 0)) continue;
      const fill = single ? fill0 : fillOf(i), sy = isArr(sym) ? String(sym[i]) : String(sym);
      const lc = ml.color && /^(x-thin|line-|cross-thin)/.test(sy) ? css(ml.color) : null;
      const sp = sprite(sy, Math.round(4 * s) / 4, fill, lwidth, css(ml.color || "#444"), lc, dpr);
      ctx.globalAlpha = alpha0 * (isArr(mop) ? num(mop[i]) : mop);
      ctx.drawImage(sp.canvas, Math.round(px[i] * dpr) / dpr - sp.R, Math.round(py[i] * dpr) / dpr - sp.R, 2 * sp.R, 2 * sp.R);
    }
    ctx.globalAlpha = alpha0;
  }
  const sprites = new Map();
  function sprite(sym, s, fill, lwidth, lcolor, openColor, dpr) {
    const key = [sym, s, fill, lwidth, lcolor, openColor, dpr].join("|");
    let sp = sprites.get(key);
    if (sp) return sp;
    const R = Math.ceil((0.75 * s + lwidth + 2) * dpr) / dpr, D = Math.round(2 * R * dpr);
    const cv = document.createElement("canvas");
    cv.width = cv.height = D;
    const c = cv.getContext("2d");
    c.setTransform(dpr, 0, 0, dpr, R * dpr, R * dpr);
    const open = symbolPath(c, sym, 0, 0, s / 2);
    if (open) {  // open symbols: drawn in the marker's colour (a thin cross in its line's), at least 1 px wide
      c.strokeStyle = openColor || fill; c.lineWidth = Math.max(lwidth || 1, 1); c.stroke();
    } else {
      c.fillStyle = fill; c.fill();
      if (lwidth > 0) { c.strokeStyle = lcolor; c.lineWidth = lwidth; c.stroke(); }
    }
    sp = { canvas: cv, R: R };
    if (sprites.size > 3000) sprites.clear();
    sprites.set(key, sp);
    return sp;
  }
  function legendSize(size) {  // Plotly's legend: the mean size, kept between 2 and 16 px (presenter mode: legendCap)
    const s = isArr(size) ? Array.from(size).map(num).filter(isFinite) : [num(size)];
    const m = s.length ? s.reduce((a, b) => a + b, 0) / s.length : 12;
    return Math.max(2, Math.min(legendCap, m));
  }
  function drawBars(ctx, F, t) {
    const ax = F.axes[t.xaxis || "x"], ay = F.axes[t.yaxis || "y"], bars = barGeometry(F, t);
    if (!bars) return;
    const mk = t.marker || {}, ml = mk.line || {};
    ctx.save();
    ctx.globalAlpha = (t.opacity == null ? 1 : +t.opacity) * (mk.opacity == null ? 1 : +mk.opacity);
    const y0 = ay.d2p(ay.type === "log" ? ay.c2d(ay.range[0]) : 0);
    bars.forEach((b, i) => {
      if (!isFinite(b.y)) return;
      const x0 = ax.d2p(b.x0), x1 = ax.d2p(b.x1), y1 = ay.d2p(b.y);
      ctx.fillStyle = css(isArr(mk.color) ? mk.color[i] : mk.color || t._color);
      ctx.fillRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
      if (ml.width) { ctx.strokeStyle = css(ml.color || "#444"); ctx.lineWidth = ml.width; ctx.strokeRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0)); }
    });
    ctx.restore();
  }

  function drawShapes(ctx, F, layer) {
    (F.layout.shapes || []).forEach(s => {
      if (!s || s.visible === false || (s.layer || "above") !== layer) return;
      const x0 = refPx(F, s.xref, num(s.x0), "x"), x1 = refPx(F, s.xref, num(s.x1), "x");
      const y0 = refPx(F, s.yref, num(s.y0), "y"), y1 = refPx(F, s.yref, num(s.y1), "y");
      const lw = get(s, "line.width", 2), lc = get(s, "line.color", "#444");
      ctx.save();
      ctx.globalAlpha = s.opacity == null ? 1 : s.opacity;
      ctx.beginPath();
      const type = s.type || "rect";
      if (type === "line") { ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); }
      else if (type === "circle") ctx.ellipse((x0 + x1) / 2, (y0 + y1) / 2, Math.abs(x1 - x0) / 2, Math.abs(y1 - y0) / 2, 0, 0, 2 * Math.PI);
      else if (type === "rect") ctx.rect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
      if (type !== "line" && s.fillcolor) { ctx.fillStyle = css(s.fillcolor); ctx.fill(); }
      if (lw > 0) { ctx.strokeStyle = css(lc); ctx.lineWidth = lw; ctx.setLineDash(dashOf(get(s, "line.dash"), lw)); ctx.stroke(); }
      ctx.restore();
    });
  }
  function drawAnnotations(ctx, F) {
    (F.layout.annotations || []).forEach(a => {
      if (!a || a.visible === false) return;
      const x = refPx(F, a.xref, num(a.x), "x"), y = refPx(F, a.yref, num(a.y), "y");
      if (!isFinite(x) || !isFinite(y)) return;
      const showarrow = a.showarrow !== false;
      let tx = x, ty = y;
      if (showarrow) {
        const axref = a.axref || "pixel", ayref = a.ayref || "pixel";
        const x0 = axref === "pixel" ? x + (a.ax == null ? -10 : +a.ax) : refPx(F, axref, num(a.ax), "x");
        const y0 = ayref === "pixel" ? y + (a.ay == null ? -30 : +a.ay) : refPx(F, ayref, num(a.ay), "y");
        const w = a.arrowwidth == null ? 1 : +a.arrowwidth, color = css(a.arrowcolor || get(a, "font.color", F.font.color));
        const head = a.arrowhead == null ? 1 : +a.arrowhead, hs = (a.arrowsize == null ? 1 : +a.arrowsize) * Math.max(w, 1);
        const ang = Math.atan2(y - y0, x - x0), len = Math.hypot(x - x0, y - y0);
        ctx.save();
        ctx.strokeStyle = ctx.fillStyle = color; ctx.lineWidth = w; ctx.lineCap = "butt";
        // Plotly's arrowheads are drawn back from the tip: the shaft stops where the head starts
        const back = head > 0 && head <= 3 ? [0, 4.8, 4.6, 4.2][head] * hs * 0.55 : 0;
        ctx.beginPath(); ctx.moveTo(x0, y0); ctx.lineTo(x - back * Math.cos(ang), y - back * Math.sin(ang)); ctx.stroke();
        if (head > 0 && len > 1) {
          const L = [0, 4.8, 4.6, 4.2, 2.8, 2.8, 1.5, 1.5][head] || 4 ;
          const h = L * hs, spread = head === 2 ? 0.45 : head === 3 ? 0.5 : 0.42;
          ctx.beginPath(); ctx.moveTo(x, y);
          ctx.lineTo(x - h * Math.cos(ang - spread), y - h * Math.sin(ang - spread));
          if (head === 2) ctx.lineTo(x - 0.7 * h * Math.cos(ang), y - 0.7 * h * Math.sin(ang));
          ctx.lineTo(x - h * Math.cos(ang + spread), y - h * Math.sin(ang + spread));
          ctx.closePath(); ctx.fill();
        }
        ctx.restore();
        tx = x0; ty = y0;
      }
      if (a.text == null || a.text === "") return;
      const font = Object.assign({}, F.font, a.font || {});
      const box = textBox(a.text, font), pad = a.borderpad == null ? 1 : +a.borderpad, bw = a.borderwidth || 0;
      const xanchor = !a.xanchor || a.xanchor === "auto" ? "center" : a.xanchor;
      const yanchor = !a.yanchor || a.yanchor === "auto" ? "middle" : a.yanchor;
      const W = box.width + 2 * pad + 2 * bw, H = box.height + 2 * pad + 2 * bw;
      let left = xanchor === "left" ? tx : xanchor === "right" ? tx - W : tx - W / 2;
      let top = yanchor === "top" ? ty : yanchor === "bottom" ? ty - H : ty - H / 2;
      left += num(a.xshift) || 0; top -= num(a.yshift) || 0;
      if (a.bgcolor) { ctx.fillStyle = css(a.bgcolor); ctx.fillRect(left, top, W, H); }
      if (bw && a.bordercolor) { ctx.strokeStyle = css(a.bordercolor); ctx.lineWidth = bw; ctx.strokeRect(left + bw / 2, top + bw / 2, W - bw, H - bw); }
      drawText(ctx, box, left + pad + bw, top + pad + bw, "left", "top", a.align || "center");
    });
  }

  function drawAxes(ctx, F, stage) {
    for (const id in F.axes) {
      const ax = F.axes[id], [c0, c1] = counterSpan(F, ax);
      if (!ax.used) continue;
      if (stage === "grid") {
        const gc = css(ax.gridcolor || "#eee"), gw = ax.gridwidth == null ? 1 : ax.gridwidth;
        if (ax.showgrid) {
          ctx.strokeStyle = gc; ctx.lineWidth = gw;
          ctx.beginPath();
          ax.tickList.forEach(tk => {
            const p = Math.round(ax.c2p(tk.v) * 2) / 2;  // crisp 1 px lines on half pixels
            if (ax.letter === "x") { if (p < ax.offset - 0.5 || p > ax.offset + ax.length + 0.5) return; ctx.moveTo(p, c0); ctx.lineTo(p, c1); }
            else { if (p < ax.offset - 0.5 || p > ax.offset + ax.length + 0.5) return; ctx.moveTo(c0, p); ctx.lineTo(c1, p); }
          });
          ctx.stroke();
        }
        continue;
      }
      if (stage === "zero") {
        if (ax.zeroline && ax.type === "linear" && Math.min(...ax.range) <= 0 && Math.max(...ax.range) >= 0 && !ax.showline) {
          const p = Math.round(ax.c2p(0) * 2) / 2;
          ctx.strokeStyle = css(ax.zerolinecolor || "#444"); ctx.lineWidth = ax.zerolinewidth == null ? 1 : ax.zerolinewidth;
          ctx.beginPath();
          if (ax.letter === "x") { ctx.moveTo(p, c0); ctx.lineTo(p, c1); } else { ctx.moveTo(c0, p); ctx.lineTo(c1, p); }
          ctx.stroke();
        }
        continue;
      }
      // labels, lines and titles
      if (ax.showline) {
        ctx.strokeStyle = css(ax.linecolor || "#444"); ctx.lineWidth = ax.linewidth || 1;
        ctx.beginPath();
        if (ax.letter === "x") { ctx.moveTo(ax.offset, c1); ctx.lineTo(ax.offset + ax.length, c1); }
        else { ctx.moveTo(c0, ax.offset); ctx.lineTo(c0, ax.offset + ax.length); }
        ctx.stroke();
      }
      const tickLen = ax.ticks === "outside" ? (ax.ticklen == null ? 5 : +ax.ticklen) : 0;
      if (tickLen) {  // tick marks outside the plot
        ctx.strokeStyle = css(ax.tickcolor || "#444"); ctx.lineWidth = ax.tickwidth == null ? 1 : +ax.tickwidth;
        ctx.beginPath();
        ax.tickList.forEach(tk => {
          const p = Math.round(ax.c2p(tk.v) * 2) / 2;
          if (p < ax.offset - 1 || p > ax.offset + ax.length + 1) return;
          if (ax.letter === "x") { ctx.moveTo(p, c1); ctx.lineTo(p, c1 + tickLen); } else { ctx.moveTo(c0, p); ctx.lineTo(c0 - tickLen, p); }
        });
        ctx.stroke();
      }
      ctx.fillStyle = css(ax.tickfont.color);
      ctx.font = fontCss(ax.tickfont);
      const fs = ax.tickfont.size, ang = num(ax.tickangle) || 0, gap = tickLen ? tickLen + 3.5 : 0;
      let depth = 0, labelLeft = c0;
      if (ax.showticklabels) {
        ax.tickList.forEach(tk => {
          const p = ax.c2p(tk.v);
          if (p < ax.offset - 1 || p > ax.offset + ax.length + 1) return;
          ctx.font = fontCss(ax.tickfont); ctx.fillStyle = css(ax.tickfont.color);
          if (ax.letter === "x") {
            const y = c1 + 4 + gap;
            if (ang) {
              const a = ang * Math.PI / 180;
              ctx.save(); ctx.translate(p, y + 0.5 * fs * Math.abs(Math.sin(a)));
              ctx.rotate(a); ctx.textAlign = ang < 0 ? "right" : "left"; ctx.textBaseline = "middle";
              ctx.fillText(tk.text, 0, 0); ctx.restore();
              depth = Math.max(depth, 4 + gap + Math.abs(Math.sin(a)) * tk.w + fs * Math.abs(Math.cos(a)));
            } else {
              if (tk.box) drawText(ctx, tk.box, p, y, "center", "top");
              else { ctx.textAlign = "center"; ctx.textBaseline = "top"; ctx.fillText(tk.text, p, y + 0.5); }
              depth = Math.max(depth, 4 + gap + 1.06 * fs);
            }
          } else {
            if (tk.box) drawText(ctx, tk.box, c0 - (tickLen ? tickLen + 3 : 0), p + 1, "right", "middle", "right");
            else { ctx.textAlign = "right"; ctx.textBaseline = "middle"; ctx.fillText(tk.text, c0 - (tickLen ? tickLen + 3 : 0), p + 1); }
            labelLeft = Math.min(labelLeft, c0 - (tickLen ? tickLen + 3 : 0) - tk.w);
          }
        });
      }
      if (ax.titletext) {
        const tf = ax.titlefont, box = textBox(ax.titletext, tf);
        const standoff = get(ax, "title.standoff", null);
        if (ax.letter === "x") {
          // Plotly: the title's baseline 10 px + 1.5 em below the tick labels (or `standoff` below them)
          // (Plotly places it about 14 px higher when the axis was shrunk to keep an equal aspect and a legend
          // sits under the figure: measured on its surfaces, with and without a legend)
          const high = ax.shrunk && F.legends.length;
          const y = c1 + depth + (standoff != null ? standoff + 0.8 * tf.size : high ? 1.5 * tf.size - 4 : 10 + 1.5 * tf.size);
          drawText(ctx, box, ax.offset + ax.length / 2, y, "center", "baseline");
        } else {
          let x = labelLeft - (standoff == null ? 0.55 * tf.size + 16 : standoff + 0.55 * tf.size);
          x = Math.max(x, 0.55 * tf.size + 1);  // kept whole inside the figure
          ctx.save(); ctx.translate(x, ax.offset + ax.length / 2); ctx.rotate(-Math.PI / 2);
          drawText(ctx, box, 0, 0, "center", "middle"); ctx.restore();
        }
      }
    }
  }
  function drawColorbar(ctx, F, cb) {
    const b = cb.bar, [lo, hi] = cb.lim;
    const g = ctx.createLinearGradient(0, b.y + b.h, 0, b.y);
    cb.stops.forEach(([p, c]) => g.addColorStop(Math.max(0, Math.min(1, p)), css(c)));
    ctx.fillStyle = g;
    ctx.fillRect(b.x, b.y, b.w, b.h);
    const ow = get(cb.cb, "outlinewidth", 1);
    if (ow) { ctx.strokeStyle = css(get(cb.cb, "outlinecolor", "#444")); ctx.lineWidth = ow; ctx.strokeRect(Math.round(b.x) + 0.5, Math.round(b.y) + 0.5, Math.round(b.w), Math.round(b.h)); }
    ctx.fillStyle = css(cb.font.color); ctx.font = fontCss(cb.font);
    ctx.textAlign = "left"; ctx.textBaseline = "middle";
    if (cb.cb.showticklabels !== false) cb.ticks.forEach(tk => {
      const y = b.y + b.h - (tk.v - lo) / (hi - lo) * b.h;
      ctx.fillText(tk.text, b.x + b.w + 4, y);
    });
    if (cb.title) {
      const box = textBox(cb.title, cb.titlefont);
      if (cb.titleSide === "right") {
        ctx.save(); ctx.translate(b.x + b.w + 4 + cb.labelW + 4, b.y + b.h / 2); ctx.rotate(-Math.PI / 2);
        drawText(ctx, box, 0, 0, "center", "top"); ctx.restore();
      } else if (cb.titleSide === "bottom") drawText(ctx, box, b.x, b.y + b.h + 4, "left", "top", "left");
      else drawText(ctx, box, b.x, b.y - 4, "left", "bottom", "left");
    }
  }
  function drawLegend(ctx, F, lg) {
    if (lg.bg) { ctx.fillStyle = css(lg.bg); ctx.fillRect(lg.left, lg.top, lg.width, lg.height); }
    if (lg.borderwidth && lg.border) { ctx.strokeStyle = css(lg.border); ctx.lineWidth = lg.borderwidth; ctx.strokeRect(lg.left, lg.top, lg.width, lg.height); }
    lg.items.forEach((t, k) => {
      const { x, y } = lg.pos[k];
      ctx.save();
      if (t.type === "bar" || t.type === "histogram") {
        ctx.globalAlpha = get(t, "marker.opacity", 1) * (t.opacity == null ? 1 : t.opacity);
        ctx.fillStyle = css(get(t, "marker.color", t._color)); ctx.fillRect(x + 14, y - 6, 12, 12);
      } else {
        ctx.globalAlpha = t.opacity == null ? 1 : t.opacity;
        if (t.fill && t.fill !== "none") { ctx.fillStyle = css(t.fillcolor || lineColor(t), t.fillcolor ? 1 : 0.5); ctx.fillRect(x + 5, y - 5, 30, 10); }
        if (/lines/.test(t.mode) && get(t, "line.width", 2) > 0) {
          const w = Math.min(5, get(t, "line.width", 2));
          ctx.strokeStyle = css(lineColor(t)); ctx.lineWidth = w; ctx.setLineDash(dashOf(get(t, "line.dash"), w));
          ctx.beginPath(); ctx.moveTo(x + 5, y); ctx.lineTo(x + 35, y); ctx.stroke(); ctx.setLineDash([]);
        }
        if (/markers/.test(t.mode)) {
          const mk = Object.assign({}, t.marker || {});
          if (isArr(mk.color) && typeof mk.color[0] !== "string") {
            const [lo, hi] = markerLimits(mk);  // Plotly's legend: the first point's colour
            mk.color = css(colorAt(scaleOf(mk.colorscale, mk.reversescale), (num(mk.color[0]) - lo) / (hi - lo)));
          } else if (isArr(mk.color)) mk.color = mk.color[0];
          if (isArr(mk.symbol)) mk.symbol = mk.symbol[0];
          if (isArr(mk.opacity)) mk.opacity = 1;
          if (isArr(get(mk, "line.width"))) mk.line = Object.assign({}, mk.line, { width: 1 });
          mk.size = legendSize(mk.size == null ? 6 : mk.size);
          drawMarkers(ctx, Object.assign({}, t, { marker: mk }), [x + 20], [y], 1);
        }
      }
      ctx.restore();
      drawText(ctx, lg.boxes[k], x + 40, y, "left", "middle", "left");
    });
  }
  function drawTitle(ctx, F) {
    const T = F.layout.title;
    const text = typeof T === "string" ? T : get(F.layout, "title.text", "");
    if (!text) return;
    const spec = typeof T === "object" ? T : {};
    const font = Object.assign({}, F.font, spec.font || {});
    if (!get(spec, "font.size")) font.size = Math.round(F.font.size * 1.4);
    const box = textBox(text, font);
    const xref = spec.xref || "container", yref = spec.yref || "container";
    const xf = spec.x == null ? 0.5 : +spec.x;
    const x = xref === "paper" ? F.plot.x + xf * F.plot.w : xf * F.W;
    const xanchor = spec.xanchor && spec.xanchor !== "auto" ? spec.xanchor : (xf < 1 / 3 ? "left" : xf > 2 / 3 ? "right" : "center");
    let y, yanchor;
    if (spec.y == null || spec.y === "auto") { y = F.margin.t / 2; yanchor = "baseline"; }
    else { y = yref === "paper" ? F.plot.y + (1 - spec.y) * F.plot.h : (1 - spec.y) * F.H; yanchor = spec.yanchor && spec.yanchor !== "auto" ? spec.yanchor : "top"; }
    y += (yanchor === "top" ? 1 : yanchor === "bottom" ? -1 : 0) * (num(get(spec, "pad.t")) || 0);
    drawText(ctx, box, x, y, xanchor, yanchor, "center");
  }

  function paint(gd) {
    const S = gd._lp, F = S.full, dpr = window.devicePixelRatio || 1, cv = S.canvas;
    const bw = Math.round(F.W * dpr), bh = Math.round(F.H * dpr);
    if (cv.width !== bw || cv.height !== bh) { cv.width = bw; cv.height = bh; }
    cv.style.width = F.W + "px"; cv.style.height = F.H + "px";
    gd.style.height = F.H + "px";
    if (!gd.style.width && gd.clientWidth < F.W) gd.style.minWidth = F.W + "px";
    const ctx = cv.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = css(F.paper); ctx.clearRect(0, 0, F.W, F.H); ctx.fillRect(0, 0, F.W, F.H);
    // each subplot's background, grid and zero lines under the traces
    const subplots = new Map();
    F.traces.forEach(t => subplots.set((t.xaxis || "x") + (t.yaxis || "y"), [t.xaxis || "x", t.yaxis || "y"]));
    ctx.fillStyle = css(F.plotbg);
    subplots.forEach(([xi, yi]) => { const ax = F.axes[xi], ay = F.axes[yi]; if (ax && ay) ctx.fillRect(ax.offset, ay.offset, ax.length, ay.length); });
    drawAxes(ctx, F, "grid");
    drawShapes(ctx, F, "below");
    const clip = (t, fn) => {  // a trace LightPlot cannot draw is left out (and said so), never the figure
      const ax = F.axes[t.xaxis || "x"], ay = F.axes[t.yaxis || "y"];
      ctx.save(); ctx.beginPath(); ctx.rect(ax.offset, ay.offset, ax.length, ay.length); ctx.clip();
      try { fn(); } catch (e) { console.warn("LightPlot: trace " + t.index + " (" + t.type + ") not drawn:", e); }
      ctx.restore();
    };
    drawAxes(ctx, F, "zero");
    F.traces.filter(t => t.type === "heatmap").forEach(t => clip(t, () => drawHeatmap(ctx, F, t)));
    F.traces.filter(t => t.type === "bar" || t.type === "histogram").forEach(t => clip(t, () => drawBars(ctx, F, t)));
    F.traces.filter(t => t.type === "contour").forEach(t => clip(t, () => drawContour(ctx, F, t)));
    F.traces.filter(t => t.type === "scatter").forEach(t => {
      // markers may overhang the plot's edge as Plotly lets them (cliponaxis); lines stay inside
      const ax = F.axes[t.xaxis || "x"], ay = F.axes[t.yaxis || "y"];
      ctx.save(); ctx.beginPath();
      const m = /markers/.test(t.mode) && t.cliponaxis === false ? 20 : 0;
      ctx.rect(ax.offset - m, ay.offset - m, ax.length + 2 * m, ay.length + 2 * m); ctx.clip();
      try { drawScatter(ctx, F, t); } catch (e) { console.warn("LightPlot: trace " + t.index + " not drawn:", e); }
      ctx.restore();
    });
    drawShapes(ctx, F, "above");
    drawAxes(ctx, F, "labels");
    F.colorbars.forEach(cb => drawColorbar(ctx, F, cb));
    F.legends.forEach(lg => drawLegend(ctx, F, lg));
    drawAnnotations(ctx, F);
    drawTitle(ctx, F);
  }

  // ------------------------------------------------------------------ hover
  function hoverAt(gd, mx, my) {
    const F = gd._lp.full;
    let best = null, bestD = 10.5;
    F.traces.forEach(t => {
      if (t.type !== "scatter" || t.hoverinfo === "skip" || t.hoverinfo === "none" || !t._px) return;
      const px = t._px, py = t._py, lines = !/markers/.test(t.mode);
      for (let i = 0; i < px.length; i++) {
        const d = Math.hypot(px[i] - mx, py[i] - my) - (lines ? 0 : Math.max(0, sizeAt(t, i) / 2 - 3));
        if (d < bestD) { bestD = d; best = { t: t, i: i, x: px[i], y: py[i] }; }
      }
    });
    if (best) return best;
    for (let k = F.traces.length - 1; k >= 0; k--) {
      const t = F.traces[k];
      if ((t.type !== "heatmap" && t.type !== "contour") || t.hoverinfo === "skip" || t.hoverinfo === "none" || !isArr(t.z) || !t.z.length) continue;
      if (t.type === "contour" && F.traces.some(u => u.type === "heatmap" && u.hoverinfo !== "skip")) continue;
      const ax = F.axes[t.xaxis || "x"], ay = F.axes[t.yaxis || "y"];
      if (mx < ax.offset || mx > ax.offset + ax.length || my < ay.offset || my > ay.offset + ay.length) continue;
      const ny = t.z.length, nx = t.z[0].length, ex = cellEdges(t.x, nx, ax), ey = cellEdges(t.y, ny, ay);
      const find = (e, v) => { for (let i = 0; i < e.length - 1; i++) if ((v - e[i]) * (v - e[i + 1]) <= 0) return i; return -1; };
      const j = find(ex, mx), i = find(ey, my);
      if (i < 0 || j < 0) continue;
      return { t: t, i: i, j: j, x: mx, y: my };
    }
    return null;
  }
  function hoverText(F, h) {
    const t = h.t, ax = F.axes[t.xaxis || "x"], ay = F.axes[t.yaxis || "y"];
    const pick = (a, i) => (isArr(a) ? a[i] : a);
    let pt;
    if (h.j != null) {
      const xv = isArr(t.x) ? t.x[h.j] : h.j, yv = isArr(t.y) ? t.y[h.i] : h.i;
      pt = { x: num(xv), y: num(yv), z: num(t.z[h.i][h.j]), text: isArr(t.text) ? pick(t.text[h.i], h.j) : t.text,
             customdata: isArr(t.customdata) ? pick(t.customdata[h.i], h.j) : undefined, pointNumber: [h.i, h.j] };
    } else {
      const X = t.x || [], i = h.i;
      pt = { x: isArr(t.x) ? num(X[i]) : i, y: num(t.y[i]), text: pick(t.text, i), customdata: isArr(t.customdata) ? t.customdata[i] : undefined,
             pointNumber: i, marker: { size: pick(get(t, "marker.size"), i), color: pick(get(t, "marker.color"), i) } };
      pt["marker.size"] = pt.marker.size; pt["marker.color"] = pt.marker.color;
    }
    const tpl = isArr(t.hovertemplate) ? t.hovertemplate[h.i] : t.hovertemplate;
    if (tpl) {
      const r = template(String(tpl), pt);
      return { text: r.text, extra: r.extra };
    }
    const fmtAx = (a, v) => (a && a.hoverformat ? fmt(v, a.hoverformat) : plainNumber(v).replace(/^-/, MINUS));
    const parts = [];
    if (h.j != null) parts.push("x: " + fmtAx(ax, pt.x), "y: " + fmtAx(ay, pt.y), "z: " + plainNumber(pt.z).replace(/^-/, MINUS));
    else parts.push("(" + fmtAx(ax, pt.x) + ", " + fmtAx(ay, pt.y) + ")");
    if (pt.text != null && pt.text !== "") parts.push(String(pt.text));
    return { text: parts.join("<br>"), extra: F.traces.length > 1 ? t.name : null };
  }
  function onMove(gd, ev) {
    const S = gd._lp;
    if (!S || !S.full) return;
    const rect = S.canvas.getBoundingClientRect();
    const mx = ev.clientX - rect.left, my = ev.clientY - rect.top;
    const h = hoverAt(gd, mx, my), tip = S.tip;
    if (!h) { tip.style.display = "none"; return; }
    const { text, extra } = hoverText(S.full, h);
    const color = h.t.type === "scatter" ? (typeof get(h.t, "marker.color") === "string" ? h.t.marker.color : lineColor(h.t)) : "#444";
    tip.innerHTML = "";
    const body = document.createElement("div");
    body.innerHTML = String(text).replace(/<(?!\/?(br|b|i|sup|sub|span)\b)[^>]*>/gi, "");
    tip.appendChild(body);
    if (extra) { const e = document.createElement("div"); e.className = "lp-extra"; e.innerHTML = extra; e.style.opacity = "0.8"; tip.appendChild(e); }
    tip.style.display = "block";
    tip.style.borderColor = css(color);
    const F = S.full, w = tip.offsetWidth, hgt = tip.offsetHeight;
    let left = h.x + 12, top = h.y - hgt / 2;
    if (left + w > F.W) left = h.x - 12 - w;
    top = Math.max(0, Math.min(F.H - hgt, top));
    tip.style.left = left + "px"; tip.style.top = top + "px";
  }

  // ------------------------------------------------------------------ the public API
  function setup(gd) {
    if (gd._lp) return gd._lp;
    const S = { canvas: document.createElement("canvas"), tip: document.createElement("div"), data: [], layout: {}, config: {} };
    S.canvas.style.display = "block";
    S.canvas.className = "lp-canvas";
    const t = S.tip;
    t.className = "lp-tip";
    Object.assign(t.style, { position: "absolute", display: "none", pointerEvents: "none", background: "#fff",
                             border: "1px solid #444", borderRadius: "3px", padding: "3px 6px",
                             font: `13px ${FONT}`, color: "#444", whiteSpace: "nowrap", zIndex: 5, lineHeight: "1.3" });
    if (getComputedStyle(gd).position === "static") gd.style.position = "relative";
    gd.appendChild(S.canvas);
    gd.appendChild(t);
    gd.classList.add("lp-plot");
    S.onMove = ev => onMove(gd, ev);
    S.onLeave = () => { t.style.display = "none"; };
    S.canvas.addEventListener("mousemove", S.onMove);
    S.canvas.addEventListener("mouseleave", S.onLeave);
    gd._lp = S;
    return S;
  }
  // ------------------------------------------------------------------ presenter mode and screen readers
  // Presenter mode (config.presenter): every label of the figure at least PRESENTER_PX, a quarter larger than
  // drawn on a desk, so that the back of a room reads the ticks, axis titles, legends and colour bars.
  const PRESENTER_PX = 20;
  function presenterFonts(o, key) {
    if (isArr(o)) return ArrayBuffer.isView(o) || !o.some(v => v && typeof v === "object") ? o : o.map(v => presenterFonts(v));
    if (!plain(o)) return o;
    const out = {};
    for (const k in o) out[k] = presenterFonts(o[k], k);
    if (/font$/.test(key || "")) out.size = Math.max(PRESENTER_PX, 1.25 * (+o.size || 12));
    return out;
  }
  // and its markers (the classes' blue circles and red crosses, their outlines, the legend's) half as large again
  const PRESENTER_MARKERS = 1.5;
  let legendCap = 16;  // the largest marker of a legend entry: Plotly's 16 px, in presenter mode 24 px
  const times = (v, f) => (isArr(v) ? Float64Array.from(v, x => num(x) * f) : v == null ? v : num(v) * f);
  function presenterMarkers(t) {
    if (!plain(t.marker) || !(t.type === "scatter" || t.type === "scattergl")) return t;
    const mk = Object.assign({}, t.marker, { size: times(t.marker.size == null ? 6 : t.marker.size, PRESENTER_MARKERS) });
    if (plain(mk.line) && mk.line.width != null) mk.line = Object.assign({}, mk.line, { width: times(mk.line.width, PRESENTER_MARKERS) });
    return Object.assign({}, t, { marker: mk });
  }
  function bigger(S) {  // the figure's data and layout with presenter mode's fonts (the base font named if unnamed)
    const layout = presenterFonts(S.layout);
    if (!plain(layout.font) || layout.font.size == null) layout.font = presenterFonts({ size: 12 }, "font");
    return { data: S.data.map(t => presenterMarkers(presenterFonts(t))), layout: layout };
  }
  const words = s => String(s == null ? "" : s).replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ").trim();
  function describe(F) {
    // the figure in words, for a screen reader (the canvas's aria-label): its title, its axes, what its legend
    // and colour bars name; what a page knows more (the frame's title and readout) comes first: config.alt
    const L = F.layout, parts = [], title = words(typeof L.title === "string" ? L.title : get(L, "title.text", ""));
    if (title) parts.push(title);
    const panels = (L.annotations || []).map(a => words(a && a.text)).filter(Boolean);
    const axes = [];
    for (const id in F.axes) if (F.axes[id].used && words(F.axes[id].titletext)) axes.push(words(F.axes[id].titletext));
    if (axes.length) parts.push("axes: " + [...new Set(axes)].join(", "));
    const shown = [...new Set(F.legends.flatMap(lg => lg.items.map(t => words(t.name))).filter(Boolean))];
    if (shown.length) parts.push("shows: " + shown.join("; "));
    const bars = F.colorbars.map(cb => words(cb.title)).filter(Boolean);
    if (bars.length) parts.push("colour: " + bars.join(", "));
    if (panels.length) parts.push("notes: " + panels.join("; "));
    return parts.join(". ") || "A figure";
  }
  function draw(gd) {
    const S = gd._lp;
    const t0 = performance.now();
    const big = S.config.presenter ? bigger(S) : null;
    legendCap = big ? 16 * PRESENTER_MARKERS : 16;
    S.full = fullFigure(gd, big ? big.data : S.data, big ? big.layout : S.layout);
    paint(gd);
    S.canvas.setAttribute("role", "img");
    S.canvas.setAttribute("aria-label", [S.config.alt, describe(S.full)].filter(Boolean).join(". "));
    S.ms = performance.now() - t0;
    gd.dispatchEvent(new CustomEvent("lightplot:drawn", { detail: { ms: S.ms } }));
  }
  function react(gd, data, layout, config) {
    const S = setup(gd);
    S.data = (data || []).map(decode);
    S.layout = decode(layout || {});
    if (config) S.config = config;
    try { draw(gd); } catch (e) { console.error("LightPlot:", e); return Promise.reject(e); }
    return Promise.resolve(gd);
  }
  function restyleData(S, patch, idx) {
    const ids = idx == null ? S.data.map((t, i) => i) : (isArr(idx) ? Array.from(idx) : [idx]);
    S.data = S.data.slice();
    for (const key in patch || {}) {
      const v = decode(patch[key]);
      ids.forEach((ti, m) => {
        if (!S.data[ti]) return;
        // Plotly: an array value gives one entry per trace (wrapped once more for array attributes)
        const val = Array.isArray(v) ? v[m % v.length] : v;  // Plotly: an array gives one value a trace
        if (val === undefined) return;
        const t = Object.assign({}, S.data[ti]);
        setPath(t, key, val);
        S.data[ti] = t;
      });
    }
  }
  function relayoutLayout(S, patch) {
    S.layout = Object.assign({}, S.layout);
    for (const key in patch || {}) {
      const v = decode(patch[key]);
      if (!/[.[]/.test(key) && plain(v) && plain(S.layout[key])) S.layout[key] = deepMerge(S.layout[key], v);
      else setPath(S.layout, key, v);
    }
  }
  const LightPlot = {
    version: "1",
    newPlot(gd, data, layout, config) {
      if (typeof gd === "string") gd = document.getElementById(gd);
      if (data && !Array.isArray(data) && data.data) { layout = data.layout; config = data.config; data = data.data; }
      return react(gd, data, layout, config);
    },
    react(gd, data, layout, config) {
      if (typeof gd === "string") gd = document.getElementById(gd);
      return react(gd, data, layout, config);
    },
    relayout(gd, patch) {
      const S = setup(gd);
      relayoutLayout(S, patch);
      try { draw(gd); } catch (e) { console.error("LightPlot:", e); return Promise.reject(e); }
      return Promise.resolve(gd);
    },
    restyle(gd, patch, idx) {
      const S = setup(gd);
      restyleData(S, patch, idx);
      try { draw(gd); } catch (e) { console.error("LightPlot:", e); return Promise.reject(e); }
      return Promise.resolve(gd);
    },
    update(gd, restyle, relayout, idx) {
      const S = setup(gd);
      restyleData(S, restyle, idx);
      relayoutLayout(S, relayout);
      try { draw(gd); } catch (e) { console.error("LightPlot:", e); return Promise.reject(e); }
      return Promise.resolve(gd);
    },
    purge(gd) {
      const S = gd && gd._lp;
      if (!S) return;
      S.canvas.removeEventListener("mousemove", S.onMove);
      S.canvas.removeEventListener("mouseleave", S.onLeave);
      S.canvas.remove(); S.tip.remove();
      gd.classList.remove("lp-plot");
      delete gd._lp;
    },
    axes(gd) {  // each axis's pixel mapping, for code that draws over the figure
      const F = gd && gd._lp && gd._lp.full, out = {};
      if (!F) return out;
      for (const id in F.axes) {
        const a = F.axes[id];
        out[id] = { offset: a.offset, length: a.length, range: a.range.slice(), type: a.type, d2p: a.d2p, p2d: a.p2d };
      }
      return out;
    },
    size(gd) {  // the figure's size and margins as drawn
      const F = gd && gd._lp && gd._lp.full;
      return F ? { width: F.W, height: F.H, margin: Object.assign({}, F.margin), plot: Object.assign({}, F.plot) } : null;
    },
    boxes(gd) {  // where the figure drew its plots, colour bars and legends, as client rectangles (like DOMRect)
      const F = gd && gd._lp && gd._lp.full;
      if (!F) return null;
      const o = gd._lp.canvas.getBoundingClientRect();
      const rect = (x, y, w, h) => ({ left: o.left + x, top: o.top + y, right: o.left + x + w, bottom: o.top + y + h,
                                      width: w, height: h });
      const plots = [];
      for (const id in F.axes) {
        const a = F.axes[id], c = F.axes[a.anchor];
        if (a.letter === "x" && c) plots.push(rect(a.offset, c.offset, a.length, c.length));
      }
      return { plots: plots, colorbars: F.colorbars.map(cb => rect(cb.bar.x, cb.bar.y, cb.bar.w, cb.bar.h)),
               legends: F.legends.map(l => rect(l.left, l.top, l.width, l.height)) };
    },
    describe(gd) { return gd && gd._lp && gd._lp.full ? describe(gd._lp.full) : ""; },  // the canvas's words
    decode: decode,
    colorAt(scale, f, reverse) { return colorAt(scaleOf(scale, reverse), f).slice(0, 3).map(Math.round); },
    format: fmt,
  };
  window.LightPlot = LightPlot;
})();
