// Small helpers shared by the pages: JSON requests and the secrets kept in this browser.
import { tr } from "/static/i18n.js";

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(tr(data?.error?.message) || response.statusText);
  return data;
}

// The seat token of a room lives only in this browser (localStorage), never in a URL.
export function mySeat(roomId) {
  try { return JSON.parse(localStorage.getItem(`ludoteca:seat:${roomId}`)); } catch { return null; }
}
export function saveSeat(roomId, seat, token) {
  localStorage.setItem(`ludoteca:seat:${roomId}`, JSON.stringify({ seat, token }));
}
export function myInvites(roomId) {
  try { return JSON.parse(localStorage.getItem(`ludoteca:invites:${roomId}`)) || {}; } catch { return {}; }
}
export function saveInvites(roomId, invites) {
  localStorage.setItem(`ludoteca:invites:${roomId}`, JSON.stringify(invites || {}));
}
export function myName() { return localStorage.getItem("ludoteca:name") || ""; }
export function saveName(name) { localStorage.setItem("ludoteca:name", name); }
