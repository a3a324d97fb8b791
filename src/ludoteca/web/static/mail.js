// mail (issue 46): the pages a mail's links open, no sign-in needed (the token after # is the proof,
// and never reaches a server log): /mail/confirm confirms an address; /mail/unsubscribe stops that kind
// of mail at once and offers to undo it.
import { api } from "/static/api.js";
import { h, lang, langSwitch } from "/static/i18n.js";

const TEXTS = {
  confirmTitle: ["Confirm your mail address", "Confirmar tu dirección de correo"],
  confirmed: ["Your address {a} is confirmed. Choose what comes by mail in your account.",
    "Tu dirección {a} está confirmada. Elige qué correos recibes en tu cuenta."],
  stopTitle: ["Stop mails", "Dejar de recibir correos"],
  turn: ["You will get no more mails telling you it is your turn.", "Ya no recibirás correos avisando de que te toca."],
  digest: ["You will get no more daily summaries of the games waiting for you.", "Ya no recibirás el resumen diario de las partidas que te esperan."],
  reminder: ["You will get no more reminders before your time runs out.", "Ya no recibirás recordatorios antes de que se te acabe el tiempo."],
  result: ["You will get no more mails telling you how your games end.", "Ya no recibirás correos contándote cómo acaban tus partidas."],
  all: ["You will get no more mails from this site.", "Ya no recibirás correos de este sitio."],
  undo: ["Undo: keep getting them", "Deshacer: seguir recibiéndolos"],
  back: ["Done: these mails will come again.", "Hecho: estos correos volverán a llegar."],
  working: ["One moment…", "Un momento…"],
  account: ["Your account", "Tu cuenta"], lobby: ["Back to the lobby", "Volver a la portada"],
};
const mt = (key, a = "") => TEXTS[key][lang() === "es" ? 1 : 0].replace("{a}", a);
const main = document.getElementById("mail-page");
const token = new URLSearchParams(location.hash.slice(1)).get("t") || "";
const confirming = location.pathname.startsWith("/mail/confirm");
let said = { text: "working" }, failed = false;

function render() {
  document.documentElement.lang = lang();
  const title = confirming ? mt("confirmTitle") : mt("stopTitle");
  document.title = `ludoteca — ${title}`;
  document.getElementById("lang").replaceChildren(langSwitch(() => render()));
  const words = failed ? said.text : mt(said.text, said.a);
  main.replaceChildren(h("h1", {}, title),
    h("p", { id: "mail-said", role: "status", "aria-live": "polite", class: failed ? "error" : "" }, words),
    said.undo ? h("p", {}, h("button", { type: "button", id: "undo", class: "primary", onclick: undo }, mt("undo"))) : null,
    h("p", {}, h("a", { class: "button", href: "/account" }, mt("account")), " ", h("a", { class: "button", href: "/" }, mt("lobby"))));
}

async function undo() {
  try { await api("/api/mail/resubscribe", { token }); said = { text: "back" }; } catch (err) { failed = true; said = { text: err.message }; }
  render();
}

async function start() {
  try {
    if (confirming) said = { text: "confirmed", a: (await api("/api/mail/confirm", { token })).address };
    else said = { text: (await api("/api/mail/unsubscribe", { token })).what, undo: true };
  } catch (err) { failed = true; said = { text: err.message }; }
  render();
}

render();
start();
