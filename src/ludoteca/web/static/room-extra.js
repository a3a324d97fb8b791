// resign and play again (issue 45), on the room page beside room.js: a Resign button for this
// browser's seat (asked to confirm), a line for everyone when someone resigned, and once the game is
// over a Play again button (offer, or accept the offer: one tap, then the new room opens). It follows the
// room's public state from room.js's WebSocket messages (the "ludoteca:state" event); only a finished
// room is asked once more, for the play-again offer the state does not carry. The seat's token stays in
// this browser. It also links the game's "Learn to play" from the rules card, for games with a lesson.
import { api, mySeat, saveSeat, listen } from "/static/api.js";
import { h, tr } from "/static/i18n.js";
import { at } from "/static/account-i18n.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const bar = h("section", { id: "resign-bar", class: "card resign-bar", "aria-label": at("resign") });
let room = null;

const nameOf = (s) => tr(s.shown);  // the seat as the server names it, in each language

function render() {
  const mine = mySeat(roomId);
  const parts = [];
  for (const s of room?.seats || []) {
    if (!s.resigned) continue;
    const others = room.seats.filter((o) => !o.resigned);
    let line = at("resigned").replace("{name}", nameOf(s));
    if (room.stopped === "resigned" && others.length === 1) line += `: ${at("winsByResign").replace("{name}", nameOf(others[0]))}`;
    else if (s.taken_over) line += ` (${at("botPlaysOn")})`;
    parts.push(h("p", { class: "resigned-line" }, line));
  }
  const seat = mine && room?.seats?.[mine.seat];
  if (room?.status === "running" && seat && seat.kind === "human" && !seat.resigned) {
    parts.push(h("p", {}, h("button", { type: "button", id: "resign", onclick: ask }, at("resign"))));
  }
  if (room?.status === "finished" && seat && seat.kind === "human") {
    if (room.again) parts.push(h("p", { class: "resigned-line", id: "again-offered" }, at("againOffered")));
    parts.push(h("p", {}, h("button", { type: "button", id: "play-again", class: "primary", onclick: playAgain },
      room.again ? at("acceptAgain") : at("playAgain"))));
  }
  bar.hidden = !parts.length;
  bar.replaceChildren(h("div", { role: "status", "aria-live": "polite" }, ...parts.filter((p) => p.className === "resigned-line")),
    ...parts.filter((p) => p.className !== "resigned-line"));
}

async function playAgain() {
  const mine = mySeat(roomId);
  try {
    const answer = await api(`/api/rooms/${encodeURIComponent(roomId)}/again`, { seat: mine.seat, token: mine.token });
    saveSeat(answer.room.id, answer.seat, answer.token);
    location.assign(`/room/${encodeURIComponent(answer.room.id)}`);
  } catch (err) {
    bar.append(h("p", { class: "error", role: "alert" }, err.message));
  }
}

function ask() {
  const dialog = h("dialog", { id: "resign-dialog", "aria-labelledby": "resign-ask" },
    h("p", { id: "resign-ask" }, at("resignAsk")),
    h("p", {}, h("button", { type: "button", id: "resign-yes", class: "primary", onclick: async () => {
      dialog.close(); dialog.remove();
      const mine = mySeat(roomId);
      try { room = (await api(`/api/rooms/${encodeURIComponent(roomId)}/resign`, { seat: mine.seat, token: mine.token })).room; } catch { /* told on the next look */ }
      render();
    } }, at("resignYes")), " ",
    h("button", { type: "button", id: "resign-no", onclick: () => { dialog.close(); dialog.remove(); } }, at("resignNo"))));
  document.body.append(dialog);
  dialog.showModal();
  document.getElementById("resign-no").focus();
}

const LEARN = { en: "Learn to play (opens a new tab)", es: "Aprende a jugar (se abre en otra pestaña)" };
let learn = null;  // the rules card's link to the game's lesson, once the game is known to have one
// the game's card comes with the room's rules (no request of its own: one that failed was never asked again)
function learnLink(card) {
  if (learn || !card?.learn) return;
  learn = h("a", { class: "button", id: "learn-link", href: `/learn/${encodeURIComponent(card.name)}`, target: "_blank", rel: "noopener" }, tr(LEARN));
  document.getElementById("rules-box")?.after(h("p", { class: "learn-link" }, learn));
}

// each state the room's socket brings: shown at once; a finished room is asked for the offer
async function follow(shown) {
  room = { ...shown, again: room?.again ?? null };
  render();
  if (shown.status !== "finished") return;
  try { room = await api(`/api/rooms/${encodeURIComponent(roomId)}`); render(); } catch { /* the room page says why */ }
}

const style = h("link", { rel: "stylesheet", href: "/static/account.css" });
document.head.append(style);
bar.hidden = true;
document.body.append(bar);
listen("ludoteca:state", follow);
listen("ludoteca:game", learnLink);
document.addEventListener("click", (e) => {
  if (!e.target.closest?.("[data-lang]")) return;
  setTimeout(() => { render(); if (learn) learn.textContent = tr(LEARN); }, 0);
});
