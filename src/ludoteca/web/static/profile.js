// profiles (issue 45): a player's games and wins per game, the rating and its history as a plot,
// recent games with their replays; the owner may make it private.
import { api } from "/static/api.js";
import { h, langSwitch, lang, tr } from "/static/i18n.js";
import { at } from "/static/account-i18n.js";

const name = decodeURIComponent(location.pathname.split("/").pop());
const main = document.getElementById("profile");
let data = null, titles = {}, failed = "";

const title = (game) => (titles[game] ? tr(titles[game]) : game);

// the rating history of one game as a line (SVG built as nodes, never markup), described in words
function plot(game, points) {
  const NS = "http://www.w3.org/2000/svg", W = 320, H = 120, pad = 8;
  const values = points.map((p) => p.rating), low = Math.min(...values) - 10, high = Math.max(...values) + 10;
  const x = (i) => pad + (points.length > 1 ? (i * (W - 2 * pad)) / (points.length - 1) : (W - 2 * pad) / 2);
  const y = (v) => H - pad - ((v - low) * (H - 2 * pad)) / (high - low);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "rating-plot");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", at("historyLabel").replace("{game}", title(game)).replace("{from}", values[0])
    .replace("{to}", values[values.length - 1]).replace("{n}", values.length));
  const line = document.createElementNS(NS, "polyline");
  line.setAttribute("points", points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "currentColor");
  line.setAttribute("stroke-width", "2");
  svg.append(line);
  for (const [i, p] of points.entries()) {
    const dot = document.createElementNS(NS, "circle");
    dot.setAttribute("cx", x(i).toFixed(1)); dot.setAttribute("cy", y(p.rating).toFixed(1)); dot.setAttribute("r", "3");
    svg.append(dot);
  }
  return svg;
}

function ratingText(g) {
  if (g.rating === undefined) return "—";
  return g.provisional ? `${g.rating}? (${at("provisional")})` : String(g.rating);
}

function render() {
  document.documentElement.lang = lang();
  document.title = `ludoteca — ${name}`;
  document.getElementById("lang").replaceChildren(langSwitch(() => render()));
  if (failed || !data) { main.replaceChildren(h("h1", {}, name), h("p", { id: "said", role: "status" }, failed)); return; }
  const parts = [h("h1", {}, data.name)];
  if (data.owner) {
    const box = h("input", { type: "checkbox", id: "private", checked: data.private ? true : null, onchange: async (e) => {
      try { data.private = (await api("/api/account/private", { private: e.target.checked })).private; } catch (err) { failed = err.message; }
      render();
    } });
    parts.push(h("p", {}, box, h("label", { for: "private" }, at("makePrivate"))));
  }
  if (data.private && !data.owner) {
    parts.push(h("p", { id: "private-note" }, at("privateProfile")));
  } else {
    parts.push(h("h2", {}, at("perGame")));
    parts.push(data.games.length ? h("table", { class: "board-table", id: "per-game" },
      h("thead", {}, h("tr", {}, ...["game", "games", "wins", "rating"].map((k) => h("th", { scope: "col" }, at(k))))),
      h("tbody", {}, ...data.games.map((g) => h("tr", {}, h("td", {}, title(g.game)), h("td", {}, String(g.games)),
        h("td", {}, String(g.wins)), h("td", {}, ratingText(g))))))
      : h("p", { class: "muted" }, at("noGames")));
    const plotted = data.games.filter((g) => g.history && g.history.length);
    if (plotted.length) {
      parts.push(h("h2", {}, at("history")));
      for (const g of plotted) parts.push(h("figure", {}, plot(g.game, g.history), h("figcaption", {}, title(g.game))));
    }
    parts.push(h("h2", {}, at("recent")));
    parts.push(h("ul", { class: "rooms", id: "recent" }, ...data.recent.map((r) => h("li", {},
      `${title(r.game)} — ${r.stopped ? at("stopped") : at(r.won ? "won" : "lost")}${r.rated ? ` (${at("rated")})` : ""} `,
      h("a", { class: "button", href: `/replay/${encodeURIComponent(r.room)}` }, at("replay"))))));
  }
  parts.push(h("p", {}, h("a", { href: "/", class: "button" }, at("lobby"))));
  main.replaceChildren(...parts);
}

api(`/api/players/${encodeURIComponent(name)}`).then((d) => { data = d; render(); }).catch((err) => { failed = err.message; render(); });
api("/api/games").then((d) => { titles = Object.fromEntries(d.games.map((g) => [g.name, g.title])); render(); }).catch(() => {});
render();
