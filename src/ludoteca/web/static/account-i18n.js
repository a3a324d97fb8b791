// accounts (issue 45): the texts of the account page and the lobby's account link, English and Spanish.
import { lang } from "/static/i18n.js";

const TEXTS = {
  title: ["Your account", "Tu cuenta"], optional: ["An account is optional: you can always play without one.",
    "La cuenta es opcional: siempre puedes jugar sin ella."],
  signIn: ["Sign in", "Entrar"], signUp: ["Create an account", "Crear una cuenta"], name: ["Name", "Nombre"],
  password: ["Password", "Contraseña"], withPassword: ["With a password", "Con contraseña"],
  withPasskey: ["With a passkey", "Con una llave de acceso"], passkeySignIn: ["Sign in with a passkey", "Entrar con una llave de acceso"],
  passkeySignUp: ["Create with a passkey", "Crear con una llave de acceso"], signedInAs: ["Signed in as", "Has entrado como"],
  signOut: ["Sign out", "Salir"], signOutAll: ["Sign out on every device", "Salir en todos los dispositivos"],
  changePassword: ["Change password", "Cambiar contraseña"], setPassword: ["Set a password", "Poner una contraseña"],
  current: ["Current password", "Contraseña actual"], newPassword: ["New password", "Contraseña nueva"],
  addPasskey: ["Add a passkey", "Añadir una llave de acceso"], passkeys: ["Passkeys", "Llaves de acceso"],
  myData: ["Download my data", "Descargar mis datos"], deleteTitle: ["Delete my account", "Borrar mi cuenta"],
  deleteHelp: ["Your games stay, under a plain seat name. Type your name to confirm.",
    "Tus partidas se quedan, con un nombre de asiento genérico. Escribe tu nombre para confirmar."],
  deleteButton: ["Delete my account", "Borrar mi cuenta"], claim: ["Add this device's games to my account", "Añadir las partidas de este dispositivo a mi cuenta"],
  claimed: ["Games added to your account:", "Partidas añadidas a tu cuenta:"], nothingToClaim: ["This device has no games to add.", "Este dispositivo no tiene partidas que añadir."],
  done: ["Done.", "Hecho."], passwordChanged: ["Password changed.", "Contraseña cambiada."], passkeyAdded: ["Passkey added.", "Llave de acceso añadida."],
  noPasskeys: ["This browser cannot use passkeys.", "Este navegador no puede usar llaves de acceso."],
  account: ["Account", "Cuenta"], lobby: ["Lobby", "Salón"], nameHelp: ["3 to 24 letters, digits, spaces or - _ . '", "De 3 a 24 letras, cifras, espacios o - _ . '"],
  passwordHelp: ["At least 10 characters", "Al menos 10 caracteres"],
  leaderboard: ["Leaderboard", "Clasificación"], rank: ["Rank", "Puesto"], player: ["Player", "Jugador"],
  rating: ["Rating", "Puntuación"], games: ["Games", "Partidas"], wins: ["Wins", "Victorias"],
  provisional: ["provisional", "provisional"], provisionalHelp: ["? marks a provisional rating: fewer than {n} rated games.",
    "? marca una puntuación provisional: menos de {n} partidas puntuables."],
  botsRated: ["Bots on the same scale:", "Los bots en la misma escala:"], more: ["More", "Más"],
  nobodyYet: ["No rated games yet.", "Todavía no hay partidas puntuables."], otherGames: ["Games", "Juegos"],
  bot_easy: ["easy", "fácil"], bot_medium: ["medium", "medio"], bot_hard: ["hard", "difícil"], bot_expert: ["expert", "experto"],
  profile: ["Profile", "Perfil"], privateProfile: ["This profile is private.", "Este perfil es privado."],
  makePrivate: ["Private profile (only you see your games)", "Perfil privado (solo tú ves tus partidas)"],
  perGame: ["Games and wins", "Partidas y victorias"], game: ["Game", "Juego"], recent: ["Recent games", "Partidas recientes"],
  won: ["won", "ganada"], lost: ["lost", "perdida"], stopped: ["stopped", "detenida"], rated: ["rated", "puntuable"],
  replay: ["Replay", "Repetición"], history: ["Rating over time", "Puntuación en el tiempo"],
  historyLabel: ["{game}: rating from {from} to {to} over {n} rated games", "{game}: puntuación de {from} a {to} en {n} partidas puntuables"],
  noGames: ["No finished games yet.", "Todavía no hay partidas terminadas."], noSuchPlayer: ["No player by that name.", "No hay ningún jugador con ese nombre."],
  myGames: ["My games", "Mis partidas"], yourTurn: ["your turn", "tu turno"], waitingOthers: ["waiting for others", "esperando a los demás"],
  noMyGames: ["You sit in no game now.", "Ahora no estás en ninguna partida."], myProfile: ["My profile", "Mi perfil"],
  resign: ["Resign", "Abandonar"], resignAsk: ["Resign this game? It counts as a loss.", "¿Abandonar esta partida? Cuenta como derrota."],
  resignYes: ["Yes, resign", "Sí, abandonar"], resignNo: ["No, keep playing", "No, seguir jugando"],
  resigned: ["{name} resigned", "{name} abandonó"], botPlaysOn: ["a bot plays on for them", "un bot sigue por esa persona"],
  winsByResign: ["{name} wins", "gana {name}"],
  playAgain: ["Play again", "Otra partida"], acceptAgain: ["Play again: join the new game", "Otra partida: unirse a la nueva"],
  againOffered: ["A new game at this table was offered.", "Se ofreció otra partida en esta mesa."],
};

export function at(key) {
  const pair = TEXTS[key];
  return pair ? pair[lang() === "es" ? 1 : 0] : key;
}
