// accounts (issue 45): the lobby header's link to the account page: "Sign in", or the name signed in.
import { at } from "/static/account-i18n.js";

async function badge() {
  const header = document.querySelector("header.top");
  if (!header || document.getElementById("account-link")) return;
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = "/static/account.css";
  document.head.append(style);
  const link = document.createElement("a");
  link.id = "account-link";
  link.href = "/account";
  link.className = "button account-link";
  link.textContent = at("signIn");
  header.append(link);
  try {
    const me = (await (await fetch("/api/account")).json()).account;
    if (me) { link.textContent = me.name; link.setAttribute("aria-label", `${at("account")}: ${me.name}`); }
  } catch { /* the link still leads to the page */ }
  // the language may change on the page: follow it
  document.addEventListener("click", (e) => {
    if (e.target.closest?.("[data-lang]")) setTimeout(() => { if (!link.getAttribute("aria-label")) link.textContent = at("signIn"); }, 0);
  });
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", badge); else badge();
