// mail (issue 46): the account page's "Mail" card. Where the host sends no mail it says so and offers
// nothing. Else: give an address (a link to confirm it is mailed there), then choose what comes by mail
// (your turn, or one summary a day instead; reminders; results) and in which language; forget it all.
import { api } from "/static/api.js";
import { h, lang } from "/static/i18n.js";

const TEXTS = {
  mail: ["Mail", "Correo"],
  none: ["This site sends no mail: you learn it is your turn only while its page is open.",
    "Este sitio no envía correos: te enteras de que te toca solo mientras tienes su página abierta."],
  address: ["Your mail address", "Tu dirección de correo"],
  give: ["Send me a link to confirm it", "Envíame un enlace para confirmarla"],
  change: ["Change address", "Cambiar de dirección"],
  help: ["We mail you only what you choose below, never to anyone else.", "Solo te enviamos lo que elijas abajo, y a nadie más."],
  pending: ["A link to confirm was sent to {a}. Open it to start getting mail (it works for 48 hours).",
    "Se envió un enlace para confirmar a {a}. Ábrelo para empezar a recibir correos (sirve 48 horas)."],
  confirmed: ["Mails go to {a}.", "Los correos van a {a}."],
  turn: ["Tell me when it is my turn (games played over days)", "Avisarme cuando me toque (partidas que duran días)"],
  digest: ["One summary a day instead of a mail per turn", "Un resumen al día en lugar de un correo por turno"],
  reminder: ["Remind me before my time runs out", "Recordarme antes de que se me acabe el tiempo"],
  result: ["Tell me how my games end", "Contarme cómo acaban mis partidas"],
  language: ["Language of the mails", "Idioma de los correos"],
  forget: ["Stop all mail and forget my address", "Dejar de recibir correos y olvidar mi dirección"],
  saved: ["Saved.", "Guardado."], sent: ["Link sent: look in your mail.", "Enlace enviado: mira tu correo."],
  forgotten: ["Your address is forgotten.", "Tu dirección se ha olvidado."],
};
const mt = (key, a = "") => TEXTS[key][lang() === "es" ? 1 : 0].replace("{a}", a);

export function mailCard(say) {
  const card = h("section", { class: "card", id: "mail", "aria-labelledby": "h-mail" }, h("h2", { id: "h-mail" }, mt("mail")));
  const draw = (mail) => {
    const body = [h("h2", { id: "h-mail" }, mt("mail"))];
    if (!mail.enabled) {
      body.push(h("p", { class: "muted", id: "mail-none" }, mt("none")));
      return card.replaceChildren(...body);
    }
    const attempt = async (work, done) => { try { draw(await work()); say(mt(done)); } catch (err) { say(err.message, true); } };
    if (mail.address) body.push(h("p", { id: "mail-confirmed" }, mt("confirmed", mail.address)));
    if (mail.pending) body.push(h("p", { id: "mail-pending", class: "muted" }, mt("pending", mail.pending)));
    body.push(h("form", { id: "mail-form", onsubmit: (e) => {
      e.preventDefault();
      attempt(() => api("/api/account/mail", { address: document.getElementById("mail-address").value, lang: lang() }), "sent");
    } },
    h("p", {}, h("label", { for: "mail-address" }, mt("address")), " ",
      h("input", { id: "mail-address", type: "email", autocomplete: "email", required: true, maxlength: 254, "aria-describedby": "mail-help" }),
      h("small", { id: "mail-help", class: "muted" }, " ", mt("help"))),
    h("p", {}, h("button", { type: "submit" }, mail.address ? mt("change") : mt("give")))));
    if (mail.address) {
      const wish = (key) => h("p", {}, h("label", {},
        h("input", { type: "checkbox", id: `mail-${key}`, checked: mail[key],
          onchange: (e) => attempt(() => api("/api/account/mail/wishes", { [key]: e.target.checked }), "saved") }), " ", mt(key)));
      const choice = h("select", { id: "mail-lang", onchange: (e) => attempt(() => api("/api/account/mail/wishes", { lang: e.target.value }), "saved") },
        h("option", { value: "en", selected: mail.lang !== "es" }, "English"), h("option", { value: "es", selected: mail.lang === "es" }, "Español"));
      body.push(h("fieldset", {}, h("legend", {}, mt("mail")), wish("turn"), wish("digest"), wish("reminder"), wish("result"),
        h("p", {}, h("label", { for: "mail-lang" }, mt("language")), " ", choice)));
    }
    if (mail.address || mail.pending) {
      body.push(h("p", {}, h("button", { type: "button", id: "mail-forget", class: "danger",
        onclick: () => attempt(() => api("/api/account/mail/forget", {}), "forgotten") }, mt("forget"))));
    }
    card.replaceChildren(...body);
  };
  api("/api/account/mail").then(draw).catch(() => card.remove());
  return card;
}
