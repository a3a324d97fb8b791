// ratings (issue 45): one game's leaderboard, best first, a page at a time; the bots' fixed ratings.
import { api } from "/static/api.js";
import { h, langSwitch, lang, tr } from "/static/i18n.js";
import { at } from "/static/account-i18n.js";

const game = decodeURIComponent(location.pathname.split("/").pop());
const main = document.getElementById("board");
let rows = [], next = null, info = null, games = [];

function ratingCell(p) {
  return p.provisional
    ? h("td", {}, `${p.rating}?`, h("span", { class: "sr-only" }, ` (${at("provisional")})`))
    : h("td", {}, String(p.rating));
}

function render(message = "") {
  document.documentElement.lang = lang();
  const title = games.find((g) => g.name === game)?.title;
  document.title = `ludoteca — ${at("leaderboard")}${title ? ` — ${tr(title)}` : ""}`;
  document.getElementById("lang").replaceChildren(langSwitch(() => render()));
  const table = h("table", { class: "board-table" },
    h("thead", {}, h("tr", {}, ...["rank", "player", "rating", "games", "wins"].map((k) => h("th", { scope: "col" }, at(k))))),
    h("tbody", { id: "board-rows" }, ...rows.map((p, i) => h("tr", {}, h("td", {}, String(i + 1)), h("td", {}, p.name),
      ratingCell(p), h("td", {}, String(p.games)), h("td", {}, String(p.wins))))));
  main.replaceChildren(
    h("h1", {}, `${at("leaderboard")}${title ? `: ${tr(title)}` : ""}`),
    h("nav", { "aria-label": at("otherGames") }, h("p", {}, ...games.map((g) =>
      h("a", { class: "button", href: `/leaderboard/${encodeURIComponent(g.name)}`, "aria-current": g.name === game ? "page" : null }, tr(g.title))))),
    h("p", { id: "said", role: "status", class: message ? "error" : "muted" }, message),
    rows.length ? table : h("p", { id: "nobody", class: "muted" }, at("nobodyYet")),
    next ? h("p", {}, h("button", { type: "button", id: "more", onclick: more }, at("more"))) : null,
    info ? h("p", { class: "muted", id: "provisional-help" }, at("provisionalHelp").replace("{n}", info.provisional_games)) : null,
    info ? h("p", { id: "bots" }, `${at("botsRated")} `, Object.entries(info.bots).map(([bot, r]) => `${at(`bot_${bot}`)} ≈ ${r.toLocaleString(lang())}`).join(", ")) : null,
    h("p", {}, h("a", { href: "/", class: "button" }, at("lobby")), " ", h("a", { href: "/account", class: "button" }, at("account"))));
}

async function more() {
  try {
    const page = await api(`/api/leaderboard/${encodeURIComponent(game)}${next ? `?before=${encodeURIComponent(next)}` : ""}`);
    info = page; rows = rows.concat(page.players); next = page.next;
    render();
  } catch (err) { render(err.message); }
}

render();
api("/api/games").then((d) => { games = d.games; render(); }).catch(() => {});
more();
