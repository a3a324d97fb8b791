// English/Spanish texts of the pages. Game texts come from the server in the chosen language.
const TEXTS = {
  tagline: ["Four tabletop games for people and programs", "Cuatro juegos de mesa para personas y programas"],
  newRoom: ["New room", "Nueva sala"], game: ["Game", "Juego"], players: ["Players", "Jugadores"],
  options: ["Rules options", "Opciones de reglas"], seats: ["Seats", "Asientos"], yourName: ["Your name", "Tu nombre"],
  you: ["You", "Tú"], person: ["A person (invite)", "Una persona (invitar)"], bot: ["Bot", "Bot"],
  private: ["Private (invitation only)", "Privada (solo con invitación)"], create: ["Create room", "Crear sala"],
  openRooms: ["Open rooms", "Salas abiertas"], runningRooms: ["Games being played", "Partidas en juego"],
  finishedRooms: ["Finished games", "Partidas terminadas"], none: ["None yet.", "Ninguna todavía."],
  join: ["Join", "Unirse"], watch: ["Watch", "Mirar"], replay: ["Replay", "Repetición"], play: ["Play", "Jugar"],
  seat: ["Seat", "Asiento"], open: ["open", "libre"], waiting: ["Waiting for players…", "Esperando jugadores…"],
  yourTurn: ["Your turn", "Tu turno"], turnOf: ["Turn of", "Turno de"], chance: ["Chance", "Azar"],
  spectating: ["You are watching", "Estás mirando"], youAre: ["You play", "Juegas"], undo: ["Undo", "Deshacer"],
  log: ["Moves", "Jugadas"], earlierMoves: ["Earlier moves", "Jugadas anteriores"], yourMoves: ["Your moves", "Tus jugadas"], noMoves: ["Not your turn.", "No es tu turno."],
  winner: ["Winner", "Gana"], winners: ["Winners", "Ganan"], gameOver: ["Game over", "Fin de la partida"],
  invites: ["Invitation links — send one to each player", "Enlaces de invitación — envía uno a cada jugador"],
  copy: ["Copy", "Copiar"], copied: ["Copied", "Copiado"], takeSeat: ["Take this seat", "Ocupar este asiento"],
  connecting: ["Connecting…", "Conectando…"], reconnecting: ["Connection lost, reconnecting…", "Conexión perdida, reconectando…"],
  botPlays: ["a bot plays for now", "un bot juega por ahora"], away: ["away", "ausente"],
  back: ["Lobby", "Salón"], score: ["Score", "Puntos"], record: ["Download record", "Descargar registro"],
  step: ["Move", "Jugada"], first: ["First move", "Primera jugada"], prev: ["Previous move", "Jugada anterior"],
  next: ["Next move", "Jugada siguiente"], last: ["Last move", "Última jugada"],
  moves: ["moves", "jugadas"], rules: ["Rules", "Reglas"], close: ["Close", "Cerrar"], status: ["Status", "Estado"],
  st_open: ["waiting for players", "esperando jugadores"], st_running: ["playing", "en juego"], st_finished: ["finished", "terminada"],
  board: ["Board", "Tablero"], hand: ["Your hand", "Tu mano"], dice: ["Dice", "Dados"], result: ["Result", "Resultado"],
  draw: ["Draw", "Empate"], newGame: ["New game", "Nueva partida"],
  playersScores: ["Players and scores", "Jugadores y puntos"], chat: ["Chat", "Chat"], say: ["Send", "Enviar"],
  chatLabel: ["Message to the table", "Mensaje a la mesa"], spectator: ["spectator", "espectador"],
  noChat: ["No messages yet.", "Todavía no hay mensajes."], rulesSummary: ["Rules summary", "Resumen de las reglas"],
  tableScrolls: ["The table is wider than the screen: swipe it to see it all.", "La mesa es más ancha que la pantalla: deslízala para verla entera."],
  showExit: ["Show the EXIT", "Ver la SALIDA"], showMyPawn: ["Show my pawn", "Ver mi peón"],
  zoomIn: ["Zoom in", "Acercar"], zoomOut: ["Zoom out", "Alejar"], zoomReset: ["Fit the board", "Ajustar el tablero"],
  boardName: ["Game board", "Tablero de juego"], lastMove: ["Last move", "Última jugada"],
  boardFailed: ["The board could not be drawn: the position is shown as data, and every move is in the list of moves.",
    "No se pudo dibujar el tablero: la posición se muestra como datos, y todas las jugadas están en la lista de jugadas."],
  pickPlace: ["Now tap a highlighted place on the board.", "Ahora toca un lugar resaltado del tablero."],
  tapBoard: ["Tap a highlighted piece or place on the board, or pick from the list.", "Toca una pieza o un lugar resaltado del tablero, o elige de la lista."],
  offline: ["Connection lost: reconnecting… Moves are off until it is back.", "Conexión perdida: reconectando… No se puede jugar hasta que vuelva."],
  replayOthers: ["Replay", "Repetir"], stopReplay: ["Stop the replay", "Parar la repetición"], replaying: ["Replaying the others' moves", "Repitiendo las jugadas de los demás"],
  whileAway: ["While you were away a bot played {n} moves for you:", "Mientras no estabas un bot hizo {n} jugadas por ti:"],
  whileAwayOne: ["While you were away a bot played 1 move for you:", "Mientras no estabas un bot hizo 1 jugada por ti:"],
  botPlaysFor: ["a bot is playing for {name}", "un bot juega por {name}"], botFor: ["played by a bot for {name}", "jugada por un bot en lugar de {name}"],
  botPlayedOne: ["A bot played 1 move for {name}.", "Un bot hizo 1 jugada por {name}."],
  botPlayedMany: ["A bot played {n} moves for {name}.", "Un bot hizo {n} jugadas por {name}."],
  turnSound: ["Sound on your turn", "Sonido en tu turno"], turnNotify: ["Notify me on my turn", "Avisarme en mi turno"],
  on: ["on", "sí"], off: ["off", "no"],
  pace: ["Bots' pace", "Ritmo de los bots"], pace_slow: ["slow", "lento"], pace_normal: ["normal", "normal"], pace_fast: ["fast", "rápido"],
  onTurn: ["playing now", "juega ahora"], moveList: ["All your moves", "Todas tus jugadas"], players_n: ["players", "jugadores"],
  // table (issue 44)
  botPlaysForYou: ["A bot is playing for you until you are back", "Un bot juega por ti hasta que vuelvas"],
  botTakesOver: ["A bot is playing for {name} now", "Ahora un bot juega por {name}"],
  aSpectator: ["A spectator", "Un espectador"],
  place: ["Place", "Puesto"], placeN: ["{n}.", "{n}.º"], boardRegion: ["The board: pinch or use the zoom buttons", "El tablero: pellizca o usa los botones de zoom"],
  stepOf: ["Move {n} of {total}", "Jugada {n} de {total}"],
};

// Rule options as the lobby and the room show them (the server's names are the notation; bots and seats
// come named by the server: a room's seats carry `shown` and `level`, /api/bots each bot's `label`).
// Each game declares the words of its options and their choices (its package's PLUGIN); the server
// sends them with the game's card and the room's rules, and `learnGame` keeps them here.
const OPTION_NAMES = {};
const OPTION_VALUES = { default: ["default", "predeterminado"], true: ["on", "sí"], false: ["off", "no"] };
const CHOICES = {};  // "option=value" -> words: a value is read in its option's sense first
const pick = (pair, fallback) => (pair ? pair[lang() === "es" ? 1 : 0] : fallback);
export const optionName = (name) => pick(OPTION_NAMES[name], name);
export const optionValue = (value, option) =>
  pick((option !== undefined && CHOICES[`${option}=${value}`]) || OPTION_VALUES[String(value)], String(value));
// a game's card or rules message from the server: the words of its options and choices
export function learnGame(card) {
  const pair = (text) => [text.en, text.es];
  for (const [name, text] of Object.entries(card?.option_labels || {})) OPTION_NAMES[name] = pair(text);
  for (const [name, values] of Object.entries(card?.choice_labels || {})) {
    for (const [value, text] of Object.entries(values)) {
      CHOICES[`${name}=${value}`] = pair(text);
      OPTION_VALUES[value] ||= pair(text);  // the rules' text names a value without its option
    }
  }
}

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
