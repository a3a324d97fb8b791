// A game's rules page (/rules/<game>): no room needed. The rules in players' words from the game's
// package (rules_en.md / rules_es.md, with the rulebook's worked examples), its board drawn by the
// game's own module, and "Play now".
import { tr, lang, langSwitch, learnGame } from "/static/i18n.js";
import { api } from "/static/api.js";
import { rulesNodes, drawerFor, framePieces } from "/static/board.js";
import { boardPicture, drawnPicture, facts, playNow, say } from "/static/cards.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/").pop());
const L = { back: { en: "All the games", es: "Todos los juegos" }, title: { en: "Rules of {game}", es: "Reglas de {game}" },
  examples: { en: "The rulebook's examples, on the table", es: "Los ejemplos del reglamento, en la mesa" },
  shown: { en: "Framed with a dashed square: {move}.", es: "Enmarcado con un cuadro discontinuo: {move}." } };

async function render() {
  document.documentElement.lang = lang();
  $("lang").replaceChildren(langSwitch(render));
  const got = await api(`/api/games/${encodeURIComponent(game)}/rules?lang=${lang()}`);
  const card = got.game, title = tr(card.title);
  learnGame(card);
  document.title = `${tr(L.title).replace("{game}", title)} — ludoteca`;
  $("rules-title").textContent = tr(L.title).replace("{game}", title);
  $("rules-pitch").textContent = card.pitch ? tr(card.pitch) : "";
  $("rules-facts").textContent = facts(card);
  const play = $("rules-play");
  play.textContent = say("playNow");
  play.onclick = () => playNow(card, play).catch((err) => alert(err.message));
  $("rules-back").textContent = tr(L.back);
  $("rules-learn").textContent = say("learn");
  $("rules-learn").href = `/learn/${encodeURIComponent(game)}`;
  $("rules-learn").classList.toggle("hidden", !card.learn);
  // the summary's own first heading repeats the title: the page's heading says it
  const nodes = rulesNodes(got.text.replace(/^#\s[^\n]*\n/, "")).map((node) => {
    if (node.tagName !== "H3") return node;
    const heading = document.createElement("h2");  // under the page's h1
    heading.append(...node.childNodes);
    return heading;
  });
  $("rules-text").replaceChildren(...nodes);
  const picture = await boardPicture(card).catch(() => null);
  $("rules-picture").replaceChildren(...(picture ? [picture] : []));
  await drawExamples(got.examples || []);
}

// The rulebook's worked examples: each a position drawn by the game's own module (the server lays it
// and plays the example's moves: web/learn.py), with its caption.
async function drawExamples(examples) {
  const box = $("rules-examples");
  if (!examples.length) { box.replaceChildren(); box.classList.add("hidden"); return; }
  const drawer = await drawerFor(game);
  const figures = examples.map((ex) => {
    const caption = tr(ex.caption);
    const picture = drawnPicture(ex.view, drawer, caption, { last: ex.events, seat: 0 });
    const frame = document.createElement("div");
    frame.className = "picture big";
    if (picture) frame.append(picture);
    const text = document.createElement("figcaption");
    text.textContent = caption;
    const figure = document.createElement("figure");
    figure.className = "example";
    figure.append(text, frame);  // the caption first: it reads as the title of the position under it
    return figure;
  });
  const heading = document.createElement("h2");
  heading.textContent = tr(L.examples);
  box.replaceChildren(heading, ...figures);
  box.classList.remove("hidden");
  examples.forEach((ex, k) => markMove(figures[k], ex, drawer));
}

// What the example's move touched, as the table marks the others' moves: each piece lit and framed by
// a dashed square (by shape, not colour alone), and the caption says the move in words.
function markMove(figure, ex, drawer) {
  const picture = figure.querySelector("svg"), move = tr(ex.move || "");
  if (!picture || !move || !drawer.changedKeys) return;
  let keys;
  try { keys = new Set(drawer.changedKeys(ex.events || [], ex.view)); } catch (err) { console.error(err); return; }
  const pieces = [...picture.querySelectorAll("[data-key]")].filter((el) => keys.has(el.dataset.key));
  if (!pieces.length) return;
  for (const el of pieces) el.classList.add("last-move");
  framePieces(pieces);
  const said = tr(L.shown).replace("{move}", move);
  const line = document.createElement("span");
  line.className = "example-move";
  line.textContent = ` ${said}`;
  figure.querySelector("figcaption").append(line);
  picture.setAttribute("aria-label", `${picture.getAttribute("aria-label")} ${said}`);
  figure.dataset.marked = String(pieces.length);
}
render();
