// accounts (issue 45): the account page. Signed out: sign in or create an account, with a password
// or a passkey (WebAuthn). Signed in: sign out (here or everywhere), password, passkeys, this
// device's anonymous games, my data, delete. The session is an HttpOnly cookie: no secret here.
import { api } from "/static/api.js";
import { h, langSwitch, lang, tr } from "/static/i18n.js";
import { at } from "/static/account-i18n.js";
import { mailCard } from "/static/account-mail.js";
import { leftWords } from "/static/lobby-time.js";

const main = document.getElementById("account");
let me = null;

// the seats this browser played without an account (their tokens, as the rooms keep them)
function deviceSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("ludoteca:seat:")) continue;
    try {
      const { seat, token } = JSON.parse(localStorage.getItem(key));
      if (Number.isInteger(seat) && typeof token === "string") seats.push({ room: key.slice(14), seat, token });
    } catch { /* not one of ours */ }
  }
  return seats.slice(0, 200);
}

function say(text, bad = false) {
  const box = document.getElementById("said");
  box.className = bad ? "error" : "muted";
  box.textContent = text;
}

async function attempt(work) {
  try { await work(); } catch (err) { say(err.message, true); }
}

function field(id, label, type, help, autocomplete) {
  return h("p", {}, h("label", { for: id }, label), " ",
    h("input", { id, type, autocomplete, required: true, "aria-describedby": help ? `${id}-help` : null }),
    help ? h("small", { id: `${id}-help`, class: "muted" }, " ", help) : null);
}

const value = (id) => document.getElementById(id).value;

function claimedText(claimed) {
  return claimed.length ? `${at("claimed")} ${claimed.length}` : "";
}

// --- passkeys (the browser's WebAuthn, options and answers as JSON) ------------------------------
async function passkey(purpose, name) {
  if (!window.PublicKeyCredential?.parseCreationOptionsFromJSON) throw new Error(at("noPasskeys"));
  const start = await api("/api/account/passkey/start", { purpose, name });
  const credential = purpose === "signin"
    ? await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(start.options) })
    : await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(start.options) });
  return api("/api/account/passkey/finish", { ceremony: start.ceremony, credential: credential.toJSON(), seats: purpose === "add" ? [] : deviceSeats() });
}

function signedOut() {
  const signIn = h("form", { class: "card", id: "signin", "aria-labelledby": "h-signin", onsubmit: (e) => {
    e.preventDefault();
    attempt(async () => { const r = await api("/api/account/signin", { name: value("in-name"), password: value("in-password"), seats: deviceSeats() }); me = r.account; render(claimedText(r.claimed)); });
  } },
  h("h2", { id: "h-signin" }, at("signIn")),
  field("in-name", at("name"), "text", null, "username"),
  field("in-password", at("password"), "password", null, "current-password"),
  h("p", {}, h("button", { class: "primary", type: "submit" }, at("signIn")), " ",
    h("button", { type: "button", id: "passkey-signin", onclick: () => attempt(async () => { const r = await passkey("signin"); me = r.account; render(claimedText(r.claimed)); }) }, at("passkeySignIn"))));
  const signUp = h("form", { class: "card", id: "signup", "aria-labelledby": "h-signup", onsubmit: (e) => {
    e.preventDefault();
    attempt(async () => { const r = await api("/api/account/signup", { name: value("up-name"), password: value("up-password"), seats: deviceSeats() }); me = r.account; render(claimedText(r.claimed)); });
  } },
  h("h2", { id: "h-signup" }, at("signUp")),
  field("up-name", at("name"), "text", at("nameHelp"), "username"),
  field("up-password", at("password"), "password", at("passwordHelp"), "new-password"),
  h("p", {}, h("button", { class: "primary", type: "submit" }, at("signUp")), " ",
    h("button", { type: "button", id: "passkey-signup", onclick: () => attempt(async () => {
      const name = value("up-name");
      const r = await passkey("signup", name); me = r.account; render(claimedText(r.claimed));
    }) }, at("passkeySignUp"))));
  return [signIn, signUp];
}

function signedIn() {
  const post = (path, body) => api(path, body ?? {});
  const out = async (path) => { await post(path); me = null; render(at("done")); };
  return [
    h("section", { class: "card", "aria-labelledby": "h-me" },
      h("h2", { id: "h-me" }, `${at("signedInAs")} `, h("span", { id: "me-name" }, me.name)),
      h("p", { class: "muted" }, `${at("passkeys")}: ${me.passkeys}`),
      h("p", {}, h("button", { type: "button", id: "signout", onclick: () => attempt(() => out("/api/account/signout")) }, at("signOut")), " ",
        h("button", { type: "button", id: "signout-all", onclick: () => attempt(() => out("/api/account/signout-everywhere")) }, at("signOutAll"))),
      h("p", {}, h("button", { type: "button", id: "claim", onclick: () => attempt(async () => {
        const seats = deviceSeats();
        if (!seats.length) return say(at("nothingToClaim"));
        const r = await post("/api/account/claim", { seats }); say(claimedText(r.claimed) || at("nothingToClaim"));
      }) }, at("claim")), " ",
      h("a", { class: "button", id: "my-data", href: "/api/account/data", download: "ludoteca-my-data.json" }, at("myData")), " ",
      h("a", { class: "button", id: "my-profile", href: `/players/${encodeURIComponent(me.name)}` }, at("myProfile")))),
    mailCard(say),
    h("form", { class: "card", id: "password-form", "aria-labelledby": "h-password", onsubmit: (e) => {
      e.preventDefault();
      attempt(async () => { const r = await post("/api/account/password", { old: me.password ? value("old-password") : null, new: value("new-password") }); me = r.account; render(at("passwordChanged")); });
    } },
    h("h2", { id: "h-password" }, me.password ? at("changePassword") : at("setPassword")),
    me.password ? field("old-password", at("current"), "password", null, "current-password") : null,
    field("new-password", at("newPassword"), "password", at("passwordHelp"), "new-password"),
    h("p", {}, h("button", { type: "submit" }, me.password ? at("changePassword") : at("setPassword")), " ",
      h("button", { type: "button", id: "passkey-add", onclick: () => attempt(async () => { const r = await passkey("add"); me = r.account; render(at("passkeyAdded")); }) }, at("addPasskey")))),
    h("form", { class: "card", id: "delete-form", "aria-labelledby": "h-delete", onsubmit: (e) => {
      e.preventDefault();
      attempt(async () => { await post("/api/account/delete", { name: value("delete-name") }); me = null; render(at("done")); });
    } },
    h("h2", { id: "h-delete" }, at("deleteTitle")), h("p", { class: "muted", id: "delete-help" }, at("deleteHelp")),
    h("p", {}, h("label", { for: "delete-name" }, at("name")), " ", h("input", { id: "delete-name", type: "text", autocomplete: "off", required: true, "aria-describedby": "delete-help" })),
    h("p", {}, h("button", { type: "submit", class: "danger" }, at("deleteButton")))),
  ];
}

// "My games": the rooms not over where this account or this device sits, the ones waiting on you first
let myGames = [], titles = {};
const LEFT = { en: "{t} left to move", es: "quedan {t} para jugar" };  // a turn-based game's time per move (issue 46)
async function loadMyGames() {
  try { myGames = (await api("/api/my-games", { seats: deviceSeats() })).rooms; } catch { myGames = []; }
  const list = document.getElementById("my-games");
  if (list) list.replaceChildren(...gameItems());
}
function gameItems() {
  if (!myGames.length) return [h("li", { class: "muted" }, at("noMyGames"))];
  return myGames.map((r) => h("li", {}, h("a", { href: `/room/${encodeURIComponent(r.room)}` }, titles[r.game] ? tr(titles[r.game]) : r.game), " — ",
    h("strong", {}, r.your_turn ? at("yourTurn") : at("waitingOthers")),
    r.left !== null && r.left !== undefined ? ` (${tr(LEFT).replace("{t}", leftWords(r.left))})` : ""));
}

function render(message = "") {
  document.documentElement.lang = lang();
  document.title = `ludoteca — ${at("title")}`;
  document.getElementById("lang").replaceChildren(langSwitch(() => render()));
  main.replaceChildren(
    h("h1", {}, at("title")), h("p", { class: "muted" }, at("optional")),
    h("p", { id: "said", role: "status", "aria-live": "polite", class: "muted" }, message),
    ...(me ? signedIn() : signedOut()),
    h("section", { class: "card", "aria-labelledby": "h-my-games" }, h("h2", { id: "h-my-games" }, at("myGames")),
      h("ul", { class: "rooms", id: "my-games" }, ...gameItems())),
    h("p", {}, h("a", { href: "/", class: "button" }, at("lobby"))));
  loadMyGames();
}

// drawn once who is signed in is known (a form drawn before would be drawn again under the typing)
api("/api/account").then((answer) => { me = answer.account; }).catch(() => {}).finally(() => render());
api("/api/games").then((d) => { titles = Object.fromEntries(d.games.map((g) => [g.name, g.title])); loadMyGames(); }).catch(() => {});
