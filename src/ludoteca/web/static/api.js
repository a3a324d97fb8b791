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

// A room's news between its page's modules (room.js tells, room-extra.js and room-time.js listen): the
// latest of each kind is kept, so a module whose own imports were still loading when the room's first
// messages came starts from them instead of missing them (one state may be all a waiting player gets).
const told = {};
export function tell(name, detail) {
  told[name] = detail;
  document.dispatchEvent(new CustomEvent(name, { detail }));
}
export function listen(name, fn) {
  document.addEventListener(name, (e) => fn(e.detail));
  if (name in told) fn(told[name]);
}
