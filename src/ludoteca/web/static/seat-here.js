// mail (issue 46): a mail's link to a seat is /room/ROOM#seat=N. On a device that does not hold the
// seat's token, a person signed in to the seat's account is seated here (the seat's new token kept in
// this browser, as any seat's); anyone else is told to sign in, and watches meanwhile.
import { api, mySeat, saveSeat } from "/static/api.js";
import { h, lang } from "/static/i18n.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const asked = Number(new URLSearchParams(location.hash.slice(1)).get("seat"));
const SIGN_IN = ["Sign in to play your seat on this device.", "Entra en tu cuenta para jugar tu asiento en este dispositivo."];

async function seatHere() {
  if (!Number.isInteger(asked) || new URLSearchParams(location.hash.slice(1)).has("invite") || mySeat(roomId)) return;
  history.replaceState(null, "", location.pathname);  // asked once
  let signedIn = false;
  try { signedIn = Boolean((await api("/api/account")).account); } catch { /* watch */ }
  if (signedIn) {
    try {
      const got = await api(`/api/rooms/${encodeURIComponent(roomId)}/here`, { seat: asked });
      saveSeat(roomId, got.seat, got.token);
      location.reload();  // the room page says hello as the seat
      return;
    } catch { /* not this account's seat: watch */ }
  }
  const note = h("p", { class: "card", id: "seat-here", role: "status" }, h("a", { href: "/account" }, SIGN_IN[lang() === "es" ? 1 : 0]));
  document.querySelector("main")?.prepend(note);
}

seatHere();
