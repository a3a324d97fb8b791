// English/Spanish texts of the pages. Game texts come from the server in the chosen language.
const TEXTS = {
  tagline: ["Four tabletop games for people and programs", "Cuatro juegos de mesa para personas y programas"],
  newRoom: ["New room", "Nueva sala"], game: ["Game", "Juego"], players: ["Players", "Jugadores"],
  options: ["Rules options", "Opciones de reglas"], seats: ["Seats", "Asientos"], yourName: ["Your name", "Tu nombre"],
  you: ["You", "Tú"], person: ["A person (invite)", "Una persona (invitar)"], bot: ["Bot", "Bot"],
  level_easy: ["easy", "fácil"], level_medium: ["medium", "medio"], level_hard: ["hard", "difícil"],
  private: ["Private (invitation only)", "Privada (solo con invitación)"], create: ["Create room", "Crear sala"],
  openRooms: ["Open rooms", "Salas abiertas"], runningRooms: ["Games being played", "Partidas en juego"],
  finishedRooms: ["Finished games", "Partidas terminadas"], none: ["None yet.", "Ninguna todavía."],
  join: ["Join", "Unirse"], watch: ["Watch", "Mirar"], replay: ["Replay", "Repetición"], play: ["Play", "Jugar"],
  seat: ["Seat", "Asiento"], open: ["open", "libre"], waiting: ["Waiting for players…", "Esperando jugadores…"],
  yourTurn: ["Your turn", "Tu turno"], turnOf: ["Turn of", "Turno de"], chance: ["Chance", "Azar"],
  spectating: ["You are watching", "Estás mirando"], youAre: ["You play", "Juegas"], undo: ["Undo", "Deshacer"],
  log: ["Moves", "Jugadas"], yourMoves: ["Your moves", "Tus jugadas"], noMoves: ["Not your turn.", "No es tu turno."],
  winner: ["Winner", "Gana"], winners: ["Winners", "Ganan"], gameOver: ["Game over", "Fin de la partida"],
  invites: ["Invitation links — send one to each player", "Enlaces de invitación — envía uno a cada jugador"],
  copy: ["Copy", "Copiar"], copied: ["Copied", "Copiado"], takeSeat: ["Take this seat", "Ocupar este asiento"],
  connecting: ["Connecting…", "Conectando…"], reconnecting: ["Connection lost, reconnecting…", "Conexión perdida, reconectando…"],
  botPlays: ["a bot plays for now", "un bot juega por ahora"], away: ["away", "ausente"],
  back: ["Lobby", "Salón"], score: ["Score", "Puntos"], record: ["Download record", "Descargar registro"],
  step: ["Move", "Jugada"], first: ["⏮", "⏮"], prev: ["◀", "◀"], next: ["▶", "▶"], last: ["⏭", "⏭"],
  moves: ["moves", "jugadas"], rules: ["Rules", "Reglas"], close: ["Close", "Cerrar"], status: ["Status", "Estado"],
  st_open: ["waiting for players", "esperando jugadores"], st_running: ["playing", "en juego"], st_finished: ["finished", "terminada"],
  board: ["Board", "Tablero"], hand: ["Your hand", "Tu mano"], dice: ["Dice", "Dados"], result: ["Result", "Resultado"],
  draw: ["Draw", "Empate"], newGame: ["New game", "Nueva partida"],
};

export function lang() {
  const stored = localStorage.getItem("ludoteca:lang");
  if (stored === "en" || stored === "es") return stored;
  return (navigator.language || "en").toLowerCase().startsWith("es") ? "es" : "en";
}

export function setLang(value) {
  localStorage.setItem("ludoteca:lang", value === "es" ? "es" : "en");
  document.documentElement.lang = lang();
}

export function t(key) {
  const pair = TEXTS[key];
  if (!pair) return key;
  return pair[lang() === "es" ? 1 : 0];
}

// {en, es} objects from the server
export function tr(text) {
  if (text && typeof text === "object") return text[lang()] ?? text.en ?? "";
  return String(text ?? "");
}

// Build DOM nodes: text always goes in as text, never as markup.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function langSwitch(onChange) {
  const box = h("span", { class: "lang" });
  for (const code of ["en", "es"]) {
    box.append(h("button", {
      class: code === lang() ? "on" : "", "data-lang": code, type: "button",
      onclick: () => { setLang(code); onChange(code); },
    }, code.toUpperCase()));
  }
  return box;
}
