"""The command line's help in Spanish: every Typer help string, by its English text.

`localize(command, "es")` rewrites a built Click command tree in place (commands, options,
arguments, Typer's panel titles); `main()` does it before parsing when `--lang es` is on the
command line or LUDOTECA_LANG=es. tests/cli/test_cli_spanish.py fails on any help string missing here.
"""

from __future__ import annotations

import inspect
from typing import Any, Iterator

HELP_ES: dict[str, str] = {
    # ludoteca, shared options
    "Tabletop games (`ludoteca games` lists them) — play, inspect, referee.":
        "Juegos de mesa (`ludoteca games` los lista): juega, inspecciona, arbitra.",
    "Language of messages: en or es / Idioma: en o es.": "Idioma de los mensajes: en o es.",
    "Print JSON.": "Escribe JSON.",
    "Game name (see `ludoteca games`).": "Nombre del juego (mira `ludoteca games`).",
    "Number of players.": "Número de jugadores.",
    "Rules option KEY=VALUE (repeatable).": "Opción de reglas CLAVE=VALOR (se puede repetir).",
    "Random seed.": "Semilla aleatoria.",
    "A state JSON file.": "Un archivo JSON de estado.",
    "Game name.": "Nombre del juego.",
    "en or es.": "en o es.",
    "en or es": "en o es",
    "en or es (messages of this command).": "en o es (mensajes de esta orden).",
    # serve and bots across processes (docs/web.md)
    "Seconds after which a room nobody watches or plays leaves memory (loaded again when asked for).":
        "Segundos tras los que una sala que nadie mira ni juega sale de la memoria (se vuelve a cargar cuando se pide).",
    "Seconds between looks for rooms to evict.": "Segundos entre búsquedas de salas que sacar de la memoria.",
    # ludoteca train (rl/train.py)
    "Folder of the run (resumed when it holds one); by default learned/GAME-Np-sSEED.":
        "Carpeta del entrenamiento (se retoma si ya tiene uno); por defecto learned/JUEGO-Np-sSEMILLA.",
    "Games the batched bots play for the training data (default 20000).":
        "Partidas que juegan los bots en lote para los datos de entrenamiento (20000 por defecto).",
    "Passes of training over all positions (default 30; with td: over each generation's, default 1; selfplay: 5).":
        "Pasadas de entrenamiento sobre todas las posiciones (30 por defecto; con td: sobre las de cada generación, 1 por defecto; selfplay: 5).",
    "selfplay: generations, each playing the last one's net (default 3); --games is per generation (default 100000).":
        "selfplay: generaciones, cada una jugando con la red de la anterior (3 por defecto); --games es por generación (100000 por defecto).",
    "mc: fit who won in greedy's games; td: TD(lambda), the net's own games; selfplay: generations of the net's own games on the batched kernel; versus: the net fitted further to who won its games against a stronger bot.":
        "mc: ajustar quién ganó en las partidas de greedy; td: TD(lambda), las partidas de la propia red; selfplay: generaciones de partidas de la propia red en el núcleo por lotes; versus: la red ajustada además a quién ganó sus partidas contra un bot más fuerte.",
    "td: start from the shipped net (shipped) or a new one (fresh); versus: the shipped net (shipped) or a run's weights file (.npz).":
        "td: empezar por la red que trae el paquete (shipped) o por una nueva (fresh); versus: la red del paquete (shipped) o el archivo de pesos de un entrenamiento (.npz).",
    "td: how far back a result reaches, 0 to 1 (default 0.7).":
        "td: hasta dónde llega hacia atrás un resultado, de 0 a 1 (0.7 por defecto).",
    "Share of random moves in the games played, 0 to 1.": "Parte de jugadas al azar en las partidas jugadas, de 0 a 1.",
    "mc, selfplay: units of the net's hidden layer (default 64).": "mc, selfplay: unidades de la capa oculta de la red (64 por defecto).",
    "td, selfplay, versus: Adam's step size (default 0.0005; selfplay 0.003; versus 0.001).":
        "td, selfplay, versus: tamaño del paso de Adam (0.0005 por defecto; selfplay 0.003; versus 0.001).",
    "td: games per generation (default 500); versus: games per chunk of data (default 25).":
        "td: partidas por generación (500 por defecto); versus: partidas por bloque de datos (25 por defecto).",
    "td: the net against itself (self) or, in one seat, against greedy (greedy); versus: the bot in the other seats, a name or '[\"name\", {parameters}]' (default '[\"hard\", {\"iterations\": 300}]').":
        "td: la red contra sí misma (self) o, en un asiento, contra greedy (greedy); versus: el bot de los demás asientos, un nombre o '[\"nombre\", {parámetros}]' ('[\"hard\", {\"iterations\": 300}]' por defecto).",
    "mc, versus: processes playing the games at once (default 1); the weights are the same for any number.":
        "mc, versus: procesos que juegan las partidas a la vez (1 por defecto); los pesos son los mismos con cualquier número.",
    "Train the learned bot of a game: games played by the batched bots, then a value net fitted to who\nwon (--method mc); or the net's own games, each position fitted to the values of those after it\n(--method td); or generations of the net's own games on the batched kernel, each fitted to who won\n(--method selfplay); or a net fitted further to who won its games against a stronger bot (--method\nversus). Killed, the same command goes on where it stopped. The weights' file is printed on the last\nline.":
        "Entrena el bot aprendido de un juego: partidas jugadas por los bots en lote y luego una red de valor ajustada a quién\nganó (--method mc); o las partidas de la propia red, cada posición ajustada a los valores de las siguientes\n(--method td); o generaciones de partidas de la propia red en el núcleo por lotes, cada una ajustada a quién ganó\n(--method selfplay); o una red ajustada además a quién ganó sus partidas contra un bot más fuerte (--method\nversus). Si se interrumpe, la misma orden sigue donde se quedó. La última línea dice dónde quedan\nlos pesos.",
    # ludoteca db (docs/web.md)
    "The servers' database: stats, export of finished games, pruning.":
        "La base de datos de los servidores: cifras, exportación de partidas terminadas, limpieza.",
    "How many rooms (by status), actions, snapshots and chat messages the database holds.":
        "Cuántas salas (por estado), acciones, instantáneas y mensajes de chat guarda la base de datos.",
    "File to write the JSON lines to ('-': standard output).": "Archivo donde escribir las líneas JSON ('-': la salida estándar).",
    "Only games over before this date (YYYY-MM-DD, UTC).": "Solo las partidas terminadas antes de esta fecha (AAAA-MM-DD, UTC).",
    "Every finished game as one JSON line (room id, times, and its game record: `ludoteca replay` reads it).":
        "Cada partida terminada como una línea JSON (id de la sala, horas y su registro: `ludoteca replay` lo lee).",
    "Delete the games over before this date (YYYY-MM-DD, UTC).": "Borra las partidas terminadas antes de esta fecha (AAAA-MM-DD, UTC).",
    "Only count what would be deleted.": "Solo cuenta lo que se borraría.",
    "Delete finished games (never one in play) over before a date: rooms, seats, actions, snapshots, chat.":
        "Borra las partidas terminadas (nunca una en juego) antes de una fecha: salas, asientos, acciones, instantáneas, chat.",
    "redis://HOST:PORT/DB: run any number of servers over one --db (PostgreSQL), on any machines.":
        "redis://HOST:PUERTO/BD: ejecuta cuantos servidores quieras sobre una misma --db (PostgreSQL), en cualquier máquina.",
    "Leave bots to `ludoteca bots` workers (needs --broker).":
        "Deja los bots a procesos `ludoteca bots` (necesita --broker).",
    "Run a bot worker: it claims rooms waiting for a bot's move, thinks, and stores the move (Ctrl-C stops it).":
        "Ejecuta un proceso de bots: toma las salas que esperan la jugada de un bot, piensa y guarda la jugada (Ctrl-C lo detiene).",
    "The servers' database: a SQLAlchemy URL (postgresql://...) or SQLite file.":
        "La base de datos de los servidores: una URL de SQLAlchemy (postgresql://...) o un archivo SQLite.",
    "The servers' broker: redis://HOST:PORT/DB.": "El intermediario de los servidores: redis://HOST:PUERTO/BD.",
    "Seconds a bot's next move waits, so people can follow (as the servers').":
        "Segundos que espera la siguiente jugada de un bot, para que se pueda seguir (como en los servidores).",
    "Seconds a claimed move is this worker's; if it dies, another takes it after.":
        "Segundos que una jugada tomada es de este proceso; si muere, otro la toma después.",
    # serve: the limits (docs/web.md)
    "Rooms one client may create, e.g. 10/minute;60/hour ('' = no limit).":
        "Salas que puede crear un cliente, p. ej. 10/minute;60/hour ('' = sin límite).",
    "Seat claims (right or wrong invitations) per client.":
        "Peticiones de asiento (con invitación buena o mala) por cliente.",
    "Seat logins (WebSocket hello) per client.": "Entradas en un asiento (hello por WebSocket) por cliente.",
    "WebSocket messages of every kind per client.": "Mensajes WebSocket de cualquier tipo por cliente.",
    "Rooms not over yet that one client may have created.": "Salas sin terminar que puede tener creadas un cliente.",
    "Rooms not over yet, everyone's together.": "Salas sin terminar, las de todos juntas.",
    "Bot-only rooms playing at once (and that may be created).":
        "Salas solo de bots jugando a la vez (y que se pueden crear).",
    "Processes where bots think (0: one less than the CPUs).":
        "Procesos donde piensan los bots (0: uno menos que las CPU).",
    "Actions after which a game is stopped without a winner.":
        "Acciones tras las que una partida se detiene sin ganador.",
    "Rooms per page of the lobby's lists.": "Salas por página en las listas del vestíbulo.",
    # serve: against abuse (docs/web.md, "Holding under abuse")
    "Proxies whose X-Forwarded-For is believed: addresses or networks, comma-separated ('' = none: every client is its connection's address).":
        "Proxies cuyo X-Forwarded-For se cree: direcciones o redes, separadas por comas ('' = ninguno: cada cliente es la dirección de su conexión).",
    "Rooms not over yet created from one network (IPv4 /24, IPv6 /56).":
        "Salas sin terminar creadas desde una misma red (IPv4 /24, IPv6 /56).",
    "Bot-only rooms not over yet that one client (and its network) may have.":
        "Salas solo de bots sin terminar que puede tener un cliente (y su red).",
    "Seconds an open room waits for its players before it is closed.":
        "Segundos que una sala abierta espera a sus jugadores antes de cerrarse.",
    "Replay steps and records per client.": "Pasos de repetición y registros por cliente.",
    "Chat messages per client, every room together.": "Mensajes de chat por cliente, todas las salas juntas.",
    "Chat messages in one room, everyone together.": "Mensajes de chat en una sala, todos juntos.",
    "Open connections (HTTP and WebSocket) from one address.": "Conexiones abiertas (HTTP y WebSocket) desde una misma dirección.",
    "Open connections in all.": "Conexiones abiertas en total.",
    "WebSockets in a room beyond one per seat.": "WebSockets en una sala además de uno por asiento.",
    "Seconds for a request's headers to arrive.": "Segundos para que lleguen las cabeceras de una petición.",
    "Seconds for a request's body, after its headers.": "Segundos para el cuerpo de una petición, tras sus cabeceras.",
    "Seconds a new WebSocket has to say hello.": "Segundos que tiene un WebSocket nuevo para decir hello.",
    "Play the games of random and greedy seats one by one in the engine, not N at a time on the batched kernel (the same rows either way).": "Juega las partidas de asientos al azar y codiciosos una a una en el motor, no N a la vez en el núcleo por lotes (las mismas filas en ambos casos).",
    "Seconds an idle HTTP connection is kept open.": "Segundos que se mantiene abierta una conexión HTTP inactiva.",
    # games, new, legal, apply, view, rules, replay
    "List every game with its player counts and rules options.":
        "Lista todos los juegos con sus números de jugadores y sus opciones de reglas.",
    "Print the state JSON of a new game.": "Escribe el JSON del estado de una partida nueva.",
    "Print the legal actions in notation (chance outcomes with probabilities).":
        "Escribe las acciones legales en notación (los resultados del azar con sus probabilidades).",
    "Apply actions and print the resulting state JSON (an illegal action exits non-zero, printing nothing).":
        "Aplica acciones y escribe el JSON del estado resultante (una acción ilegal sale con error sin escribir nada).",
    "Actions in the game's notation, applied in order.": "Acciones en la notación del juego, aplicadas en orden.",
    "Print a seat's view as JSON: exactly what a bot or a web client of that seat receives.":
        "Escribe la vista de un asiento en JSON: exactamente lo que recibe un bot o un cliente web de ese asiento.",
    "The seat whose view to print, counted as the table and `play` count them: 1..n or P1..Pn (omit for a spectator). "
    "The document's own `seat` field counts from 0, as bots and web clients do.":
        "El asiento cuya vista se escribe, contado como lo cuentan la mesa y `play`: 1..n o P1..Pn (omítelo para un espectador). "
        "El campo `seat` del documento cuenta desde 0, como los bots y los clientes web.",
    "Print the game's rules summary and its options with their defaults.":
        "Escribe el resumen de las reglas del juego y sus opciones con sus valores por defecto.",
    "Verify a game record (or a game of `ludoteca db export`) by replaying it, and summarise it.":
        "Verifica un registro de partida (o una partida de `ludoteca db export`) repitiéndolo, y lo resume.",
    "A game record JSON file.": "Un archivo JSON de registro de partida.",
    "Walk through the game one action at a time: each action's events in words, the board after each move; "
    "Enter for the next, q to stop.":
        "Recorre la partida acción por acción: lo que causó cada acción en palabras, el tablero tras cada jugada; "
        "Intro para la siguiente, q para parar.",
    "Print each action and its events as one JSON object per line (docs/formats.md).":
        "Escribe cada acción y lo que causó como un objeto JSON por línea (docs/formats.md).",
    "With --json: tell the events as this seat sees them, counted as `view --seat` and `play` count seats: 1..n or P1..Pn (the JSON's own `player` fields count from 0); omit for a spectator.":
        "Con --json: cuenta los sucesos como los ve este asiento, contado como cuentan los asientos `view --seat` y `play`: 1..n o P1..Pn (los campos `player` del propio JSON cuentan desde 0); omítelo para un espectador.",
    "With --json: every seat's details, hidden cards included.":
        "Con --json: los detalles de todos los asientos, cartas ocultas incluidas.",
    "In a file written by `ludoteca db export`: the game of this room (the file's only game without it).":
        "En un archivo escrito por `ludoteca db export`: la partida de esta sala (sin ella, la única partida del archivo).",
    # play
    "Play a full game in the terminal against people or bots.": "Juega una partida completa en la terminal contra personas o bots.",
    "Comma-separated seats in table order, the first is P1: human or a bot name (random, greedy, ...). "
    "Default: human then greedy bots, as many as the game's default player count.":
        "Asientos separados por comas en el orden de la mesa, el primero es P1: human (una persona) o el nombre de un bot "
        "(random, greedy, ...). Por defecto: una persona y luego bots greedy, tantos como el número de jugadores por defecto del juego.",
    "Random seed (default: a fresh one, printed).": "Semilla aleatoria (por defecto: una nueva, que se muestra).",
    "Who won the roll for first player: P1..Pn or a name (default: drawn from the seed).":
        "Quién ganó la tirada para empezar: P1..Pn o un nombre (por defecto: lo decide la semilla).",
    "Continue the game of this record (its seats, names, options and seed; --seats may change who plays each seat). Unless --record says otherwise, the record is written back to the same file.":
        "Continúa la partida de este registro (sus asientos, nombres, opciones y semilla; --seats puede cambiar quién juega cada asiento). Salvo que --record diga otra cosa, el registro se guarda en el mismo archivo.",
    "Write the game record to this file.": "Guarda el registro de la partida en este archivo.",
    "auto, or manual to type the dice/cards of a physical game.":
        "auto, o manual para escribir los dados o cartas de una partida física (modo árbitro).",
    "Comma-separated player names.": "Nombres de los jugadores separados por comas.",
    "Print only the result.": "Escribe solo el resultado.",
    "Where the board has rooms: also draw their graph.": "Donde el tablero tiene salas: dibuja también su grafo.",
    # serve
    "Start the web server: open http://HOST:PORT/ in a browser to create and join rooms.":
        "Arranca el servidor web: abre http://HOST:PORT/ en un navegador para crear salas y unirte a ellas.",
    "Address to listen on (0.0.0.0 to let other machines in).": "Dirección en la que escuchar (0.0.0.0 para dejar entrar a otras máquinas).",
    "Port to listen on.": "Puerto en el que escuchar.",
    "Outgoing mail server, smtp://user:password@host:port (STARTTLS) or smtps://... (TLS): players who confirm an address are told by mail of their turns and results.":
        "Servidor de correo saliente, smtp://usuario:contraseña@servidor:puerto (STARTTLS) o smtps://... (TLS): a quien confirme su dirección se le avisa por correo de sus turnos y resultados.",
    "The address mails come from (with --smtp).": "La dirección de la que salen los correos (con --smtp).",
    "How players reach this site (https://games.example.org): the links in mails start with it.":
        "Cómo llegan los jugadores a este sitio (https://partidas.example.org): los enlaces de los correos empiezan así.",
    "SQLite file or SQLAlchemy URL (postgresql://...) where rooms are kept.":
        "Archivo SQLite o URL de SQLAlchemy (postgresql://...) donde se guardan las salas.",
    "Seconds a bot waits before each move, so people can follow.": "Segundos que espera un bot antes de cada jugada, para que las personas la sigan.",
    "Seconds a person may be away on their turn before a bot plays for them.":
        "Segundos que una persona puede ausentarse en su turno antes de que un bot juegue por ella.",
    # simulate, report
    "Play many seeded bot games with rotated seats; rows are written as they finish and a rerun resumes.":
        "Juega muchas partidas de bots con semilla y asientos rotados; las filas se escriben al terminar cada una y repetir la orden continúa.",
    "Comma-separated bot names, one per seat; rotated so each sits in every seat equally often.":
        "Nombres de bots separados por comas, uno por asiento; rotan para que cada uno ocupe cada asiento igual número de veces.",
    "Games per variant (a multiple of the number of seats keeps the rotation complete).":
        "Partidas por variante (un múltiplo del número de asientos mantiene completa la rotación).",
    "Master seed: every game's and bot's seed is derived from it.": "Semilla maestra: de ella se derivan las semillas de cada partida y cada bot.",
    "Compare rule variants: KEY=V1,V2,... (repeatable: all combinations).":
        "Compara variantes de reglas: CLAVE=V1,V2,... (se puede repetir: todas las combinaciones).",
    "Worker processes (local) or CPUs (local Ray). Default: all cores.": "Procesos (local) o CPU (Ray local). Por defecto: todos los núcleos.",
    "local (processes on this machine) or ray.": "local (procesos en esta máquina) o ray.",
    "Address of an existing Ray cluster (default: start a local one).": "Dirección de un clúster Ray existente (por defecto: arranca uno local).",
    "Folder for run.json, games.jsonl, records and the report (default: sim-GAME-sSEED).":
        "Carpeta para run.json, games.jsonl, los registros y el informe (por defecto: sim-JUEGO-sSEMILLA).",
    "Game records kept for replay: none, N (the first N games of each variant) or indices 0,5,9.":
        "Registros de partida que se guardan para repetirlas: none, N (las N primeras de cada variante) o índices 0,5,9.",
    "Import a module defining more games or bots (module or module:GameClass).":
        "Importa un módulo que define más juegos o bots (módulo o módulo:ClaseJuego).",
    "Cut a game off after this many actions (counted as no winner).": "Corta una partida tras este número de acciones (cuenta como sin ganador).",
    "Do not write the report at the end.": "No escribas el informe al final.",
    "No progress bar, only the summary.": "Sin barra de progreso, solo el resumen.",
    "Write the report of a simulation (win rates by seat and agent, balance, length, statistics; PNG and HTML).":
        "Escribe el informe de una simulación (victorias por asiento y agente, equilibrio, duración, estadísticas; PNG y HTML).",
    "A simulation folder (written by `ludoteca simulate --out`).": "Una carpeta de simulación (escrita por `ludoteca simulate --out`).",
    # limits against abuse (issue 49) and the database's upgrade (issue 45)
    "Watchers' WebSockets one address may hold in one room (seats never count).":
        "WebSockets de espectador que una dirección puede tener en una sala (los asientos nunca cuentan).",
    "Seconds a watcher's WebSocket that sends nothing is kept.":
        "Segundos que se mantiene el WebSocket de un espectador que no envía nada.",
    "WebSocket handshakes per client.": "Aperturas de WebSocket por cliente.",
    "Lobby and room reads (/api/rooms, /api/games, a room) per client.":
        "Lecturas del vestíbulo y de las salas (/api/rooms, /api/games, una sala) por cliente.",
    "Language changes (each re-sends the last page of the log) per client.":
        "Cambios de idioma (cada uno reenvía la última página del registro) por cliente.",
    "Messages refused for the rate before the WebSocket is closed.":
        "Mensajes rechazados por ritmo antes de cerrar el WebSocket.",
    "Seconds an address closed for its rate may open no WebSocket.":
        "Segundos que una dirección cerrada por su ritmo no puede abrir ningún WebSocket.",
    "Seconds an answer may wait for its client to read it.":
        "Segundos que una respuesta puede esperar a que su cliente la lea.",
    "Requests one connection may send ahead of their answers.":
        "Peticiones que una conexión puede enviar antes de recibir sus respuestas.",
    "Seconds a bot-only room plays before it is stopped.":
        "Segundos que juega una sala solo de bots antes de pararla.",
    "Bot moves of one network's rooms thinking at once.":
        "Jugadas de bot de las salas de una misma red pensándose a la vez.",
    "Bring the database's tables up to this version of ludoteca (Alembic); rooms, moves and snapshots are kept.\n"
    "Safe beside nothing: stop the servers and bot workers first, start them again after.":
        "Pone las tablas de la base de datos al día con esta versión de ludoteca (Alembic); se conservan salas, "
        "jugadas e instantáneas.\nNada más puede usarla a la vez: para antes los servidores y los trabajadores de "
        "bots, y vuelve a arrancarlos después.",
}



def _games_help() -> None:
    """The Spanish of each game's own commands (the `HELP_ES` of the module its PLUGIN names as
    `commands`), beside the shared ones."""
    import importlib

    from ..engine.registry import game_names, plugin_of

    for name in game_names():
        commands = plugin_of(name).commands
        if commands:
            HELP_ES.update(getattr(importlib.import_module(commands.partition(":")[0]), "HELP_ES", {}))


_games_help()

#: Typer's panel titles and tags (module constants of typer.rich_utils)
TYPER_ES = {"ARGUMENTS_PANEL_TITLE": "Argumentos", "OPTIONS_PANEL_TITLE": "Opciones", "COMMANDS_PANEL_TITLE": "Órdenes",
            "ERRORS_PANEL_TITLE": "Error", "DEFAULT_STRING": "[por defecto: {}]", "REQUIRED_LONG_STRING": "[obligatorio]",
            "ABORTED_TEXT": "Cancelado."}


def help_texts(command: Any) -> Iterator[tuple[Any, str]]:
    """(holder, text) for every help string of a Click command tree: commands, options, arguments."""
    if getattr(command, "help", None):
        yield command, inspect.cleandoc(command.help)
    for param in getattr(command, "params", []):
        if getattr(param, "help", None):
            yield param, param.help
    for sub in getattr(command, "commands", {}).values():
        yield from help_texts(sub)


_TYPER_EN: dict[str, Any] = {}


def localize(command: Any, lang: str) -> None:
    """Put the Spanish help in place (strings without a translation stay as they are); Typer's
    own titles follow the language either way (they are process-wide)."""
    try:
        from typer import rich_utils
    except ImportError:  # Typer without Rich: its plain formatter keeps Click's words
        rich_utils = None
    if rich_utils is not None:
        if not _TYPER_EN:
            _TYPER_EN.update({name: getattr(rich_utils, name) for name in TYPER_ES if hasattr(rich_utils, name)})
        for name, value in (TYPER_ES if lang == "es" else _TYPER_EN).items():
            if name in _TYPER_EN:
                setattr(rich_utils, name, value)
    if lang == "es":
        for holder, text in list(help_texts(command)):
            holder.help = HELP_ES.get(text, text)
