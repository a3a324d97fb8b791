"""The interactive game loop: people at the keyboard, bots, chance, undo, records.

Everything that happens is told from the events `Match.apply` returns, as the one person at
the keyboard may know them (`engine.events.event_for`), in words by `Game.tell_event`."""

from __future__ import annotations

import inspect
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape

from ..engine import CHANCE, LudotecaError, Match, T, view_document
from ..bots import make_bot
from ..engine.events import seat_name
from ..engine.rng import derive_seed
from ..engine.record import GameRecord, replacing_mode
from . import screen
from .render import render_view, tell_events, terminal_hook
from .safe_text import visible
from .screen import Choices
from .seats import Seat, kind_label

MAX_LISTED = 60

#: the commands of the prompt, each with its English and Spanish words
COMMANDS = {
    "help": ("help", "?", "ayuda"),
    "undo": ("undo", "deshacer"),
    "all": ("all", "todas"),
    "board": ("board", "tablero"),
    "rules": ("rules", "reglas"),
    "hint": ("hint", "pista"),
    "more": ("more", "más", "mas", "+"),
    "back": ("back", "atrás", "atras", ".."),
    "quit": ("quit", "exit", "salir"),
}

#: `first P2`: who won the roll for first player (the referee, before the first action)
FIRST_WORDS = ("first", "empieza", "primero")


def command_of(text: str) -> str | None:
    low = text.strip().lower()
    for name, words in COMMANDS.items():
        if low in words:
            return name
    return None


def _spanish_codes(game: Any) -> Any:
    """The game's move codes in Spanish (its terminal hook `SPANISH_CODES`), or None."""
    return terminal_hook(game, "SPANISH_CODES")


def _has_hints(game: Any) -> bool:
    return terminal_hook(game, "hint_lines") is not None


BACK = "back"  # a menu entry that goes one step back


class Quit(Exception):
    pass


def save_record(record: GameRecord, path: Path) -> None:
    """Write atomically: a crash mid-write never leaves a truncated record."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=".record-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(record.dumps())
        os.chmod(tmp, replacing_mode(path))  # mkstemp makes it 0600: keep the replaced file's permissions
        os.replace(tmp, path)
    except BaseException:  # never leave the temporary file behind
        os.unlink(tmp)
        raise


def _numbers_form(text: str) -> str:
    """'3 9', '3,9', '3, 9' -> '3,9': the argument of a chance outcome as its notation writes it."""
    return ",".join(part for part in re.split(r"[\s,]+", text.strip().lower()) if part)


class TerminalGame:
    def __init__(self, match: Match, seats: list[Seat], lang: str, console: Console | None = None,
                 manual_chance: bool = False, quiet: bool = False, render_extra: dict[str, Any] | None = None,
                 fit_screen: bool | None = None):
        self.match = match
        self.seats = seats
        self.lang = lang
        self.console = console or Console(highlight=False)
        self.manual_chance = manual_chance
        self.quiet = quiet
        self.render_extra = render_extra or {}
        humans = [i for i, seat in enumerate(seats) if seat.is_human]
        # Logs are told as the one person at the keyboard may see them; with several people
        # sharing the screen (or none), as a spectator would: nobody's hidden card is named.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        # names come from the command line or a record: printed with no control character
        self.names = [visible(p.get("name") or f"P{i + 1}") for i, p in enumerate(match.players)]
        self._shown_at: int | None = None  # number of actions when the board was last drawn
        # On a real terminal each prompt is laid out to fit the screen (`screen.py`): a board that
        # fits, what happened since that seat's last decision, the choices in columns or pages.
        # Told lines then wait for the next prompt instead of scrolling past it.
        self.fit = self.console.is_terminal if fit_screen is None else fit_screen
        self.log: list[str] = []  # every line told, in order
        self._printed = 0  # lines of the log already on the screen
        # the story a prompt shows: every line told since that seat's previous turn's last prompt
        # (its own last moves included), so the other players' last turns stay on the screen
        # through every decision of its own turn
        self._shown_upto: dict[int, int] = {}  # per seat: log length at its latest prompt
        self._turn_mark: dict[int, int] = {}
        # On a real terminal a later prompt of the same turn is drawn over the previous one in
        # place (`screen.draw`), so the scrollback tells each line once: the lines written are
        # counted to know how far up the previous prompt's screen starts.
        self.lines_out: screen.LineCount | None = None
        if self.fit and self.console.is_terminal:
            self.lines_out = screen.LineCount(self.console.file)
            self.console.file = self.lines_out
        self._drawn_at: int | None = None  # lines written when the latest prompt's screen began
        self._story_printed = 0  # story lines up to here are in the scrollback already
        self._drawn_upto = 0  # the log's length at the latest prompt
        self._last_actor: int | None = None  # the seat of the latest decision (not chance)
        self._started = False
        self.has_hints = _has_hints(match.game)
        self.codes = _spanish_codes(match.game)  # move codes shown in Spanish at a Spanish table
        # the referee's chance inputs, the latest last, each while it may still be taken back:
        # the state before it, the number of actions before and after it (nothing may stand since)
        self._chance_undo: list[tuple[Any, int, int]] = []
        self._full_board_shown = False  # referee mode: the full board once, then the compact one
        # Hot seat: people sharing one screen in a game with hidden cards hand it over through a
        # "pass to P2" screen that wipes what the previous person saw, scrollback included
        self.hot_seat = len(humans) >= 2 and not match.game.perfect_information
        self._at_screen: int | None = None  # whose private view may be on the screen now

    def t(self, en: str, es: str) -> str:
        return T(en, es).get(self.lang)

    def code(self, notation: str) -> str:
        """A move code as this table reads it: in Spanish words at a Spanish table."""
        return self.codes.spanish(notation) if self.codes is not None and self.lang == "es" else notation

    def read_code(self, text: str) -> int:
        """A typed move code, in English or in Spanish words, to its action (the notation's error
        for the text as typed when neither reads)."""
        state = self.match.state
        try:
            return state.string_to_action(text)
        except LudotecaError:
            if self.codes is None or self.codes.english(text) == text.strip():
                raise
            try:
                return state.string_to_action(self.codes.english(text))
            except LudotecaError:
                pass
            return state.string_to_action(text)

    def say(self, text: str) -> None:
        if not self.quiet:
            self.console.print(text, highlight=False)

    def tell(self, line: str) -> None:
        """One line of the story: on the screen now, or (fitting the screen with somebody at the
        keyboard) in the "since your last decision" block of the next prompt."""
        self.log.append(visible(line))
        if self.match.state.is_terminal():
            return  # the end is told after the final board (`show_result`), last on the screen
        if not (self.fit and any(seat.is_human for seat in self.seats)):
            self.flush()

    def flush(self) -> None:
        for line in self.log[self._printed:]:
            self.say(f"[dim]·[/] {escape(line)}")
        self._printed = len(self.log)

    def error(self, text: str) -> None:
        self.console.print(f"[red]{escape(visible(text))}[/]", highlight=False)

    def ask(self, prompt: str) -> str:
        try:
            answer = self.console.input(prompt)
        except EOFError:
            raise Quit from None
        if self.lines_out is not None:  # the terminal's echo: the answer, wrapped, and Enter
            self.lines_out.newlines += 1 + (cell_len(prompt) + cell_len(answer)) // max(1, self.console.size.width)
        return answer

    def who(self, seat: int) -> str:
        """A seat as the table names it, with who plays it: `Ana (human)`, `P2 (greedy)`."""
        return f"{seat_name(self.names, seat)} ({kind_label(self.seats[seat].kind, self.lang)})"

    # --- the loop --------------------------------------------------------------------------
    def run(self) -> None:
        if not self._started and not self.match.actions and not self.match.state.is_terminal():
            self._started = True
            self.say_who_starts()
        while not self.match.state.is_terminal():  # `first P2` may seat the table anew
            player = self.match.state.current_player()
            if player == CHANCE:
                self.chance_turn()
            elif self.seats[player].is_human:
                self.human_turn(player)
            else:
                self.bot_turn(player)
        self.show_result()

    def apply(self, action: int) -> None:
        """Apply through the match and tell every event it caused, as this table may know it."""
        state = self.match.state
        actor = state.current_player()
        fallback = state.describe_action_for(action, self.viewer, self.lang, names=self.names)
        before = state.clone() if actor == CHANCE and self.manual_chance else None
        length = len(self.match.actions)
        events = self.match.apply(action)
        if before is not None:
            self._chance_undo.append((before, length, len(self.match.actions)))
        for line in tell_events(self.match.game, events, self.viewer, self.lang, self.names, fallback):
            self.tell(line)
        if actor != CHANCE:
            self._last_actor = actor

    def undo_chance(self) -> bool:
        """Take back the referee's latest roll or draw while nothing else stands since it (a
        decision made after it and undone again does not count). False when there is none."""
        stack = self._chance_undo
        while stack and stack[-1][2] > len(self.match.actions):
            stack.pop()
        if not stack or stack[-1][2] != len(self.match.actions):
            return False
        before, length, _ = stack.pop()
        taken = self.match.actions[length]["action"]
        self.match.state = before
        del self.match.actions[length:]
        self._shown_at = None
        self.tell(self.t(f"The referee takes back {taken!r}: type what came up again.",
                         f"El árbitro deshace {taken!r}: escribe otra vez lo que salió."))
        return True

    def first_seat(self) -> int | None:
        """The seat that starts, as the game's set-up chose it (None where chance starts)."""
        first = terminal_hook(self.match.game, "first_player")
        if first is not None:
            return first(view_document(self.match.state, None))
        seat = self.match.state.current_player()
        return None if seat == CHANCE else seat

    def choose_first(self, who: str) -> None:
        """The table's decision of who starts (`first P2`, `--first Ana`): the seats turn round
        the table, keeping its order, so that this person sits where the game starts. Only
        before the first action."""
        if self.match.actions:
            raise LudotecaError(T("who starts is decided before the first move", "quién empieza se decide antes de la primera jugada"))
        n = len(self.seats)
        wanted = who.strip()
        low = wanted.lower().removeprefix("p")
        person = next((i for i, name in enumerate(self.names) if name.lower() == wanted.lower()), None)
        if person is None and low.isascii() and low.isdigit() and 1 <= int(low) <= n:
            person = int(low) - 1
        if person is None:
            raise LudotecaError(T(f"no player {visible(wanted)!r}: name one of {', '.join(self.names)} (or P1..P{n})",
                                  f"no hay jugador {visible(wanted)!r}: nombra a {', '.join(self.names)} (o P1..P{n})"))
        start = self.first_seat()
        if start is None or start == person:
            return
        turn = [(person - start + k) % n for k in range(n)]  # who sits at each seat now
        match = self.match
        players = [match.players[i] for i in turn]
        self.match = Match(match.game, n, match.seed, players)
        self.seats = [Seat(self.seats[i].kind) if self.seats[i].is_human else
                      Seat(self.seats[i].kind, make_bot(self.seats[i].kind, match.game, seat, derive_seed(match.seed, "bot", seat)))
                      for seat, i in enumerate(turn)]
        self.names = [self.names[i] for i in turn]
        humans = [i for i, seat in enumerate(self.seats) if seat.is_human]
        self.viewer = humans[0] if len(humans) == 1 else None

    def say_who_starts(self) -> None:
        seat = self.first_seat()
        if seat is None:
            return
        self.tell(self.t(f"{self.who(seat)} starts.", f"Empieza {self.who(seat)}."))
        if self.manual_chance:  # at a real table the roll for first player decides
            self.tell(self.t(f"(If another player won the roll for first player, type 'first' and their name: 'first {seat_name(self.names, (seat + 1) % len(self.seats))}'.)",
                             f"(Si otro jugador ganó la tirada para empezar, escribe 'empieza' y su nombre: 'empieza {seat_name(self.names, (seat + 1) % len(self.seats))}'.)"))

    def first_command(self, text: str) -> bool:
        """`first P2` at the first prompt: True when handled (said or refused)."""
        word, _, who = text.strip().partition(" ")
        if word.lower() not in FIRST_WORDS or not who.strip():
            return False
        try:
            self.choose_first(who)
        except LudotecaError as exc:
            self.error(exc.text(self.lang))
            return True
        seat = self.first_seat()
        if seat is not None:
            self.tell(self.t(f"The table decides: {self.who(seat)} starts.", f"Lo decide la mesa: empieza {self.who(seat)}."))
        return True

    def show_board(self, seat: int | None) -> None:
        self.console.print(render_view(self.match.game, view_document(self.match.state, seat), self.lang,
                                       console=self.console, names=self.names, **self.render_extra))
        self._shown_at = len(self.match.actions)

    def chance_turn(self) -> None:
        state = self.match.state
        if not self.manual_chance:
            self.apply(state.sample_chance())
            return
        self.flush()
        if self._shown_at != len(self.match.actions):
            self.show_referee_board()
        outcomes = state.chance_outcomes()
        prompt = terminal_hook(self.match.game, "chance_prompt")
        doc = view_document(state, None)
        whose = prompt(doc, self.lang, names=self.names) if prompt else self.t("Chance", "Azar")
        example = self.code(state.action_to_string(outcomes[0][0]))
        self.console.print(escape(whose) + escape(self.t(f": type what came up, e.g. {example!r} or just its value",
                                                         f": escribe lo que salió, p. ej. {example!r} o solo su valor")))
        words_hook = terminal_hook(self.match.game, "chance_names")
        names_lines = words_hook(doc, self.lang) if words_hook else []
        for line in names_lines:  # the names a draw may be typed by, in both languages
            self.console.print(f"  [dim]{escape(line)}[/]", highlight=False)
        while True:
            text = self.ask(f"{whose} > ").strip()
            if not text:
                continue
            command = command_of(text)
            if command == "quit":
                raise Quit
            if command == "help":
                value = example.split(" ", 1)[-1]
                self.console.print(escape(self.t(
                    f"Type what came up as the game writes it ({example!r}) or only its value ({value!r}; "
                    "numbers may be apart: '3 9' is '3,9', a die showing 0 is 0: '1 0'); "
                    "undo takes back your last roll or draw while nothing else happened since; board, rules, quit.",
                    f"Escribe lo que salió como lo escribe el juego ({example!r}) o solo su valor ({value!r}; "
                    "los números pueden ir separados: '3 9' es '3,9', un dado que muestra 0 es 0: '1 0'); "
                    "deshacer quita tu última tirada o robo si nada más pasó desde entonces; tablero, reglas, salir.")))
                for line in words_hook(doc, self.lang, both=True) if words_hook else []:
                    self.console.print(f"  {escape(line)}", highlight=False)
                continue
            if command == "board":
                self.show_board(self.viewer)
                continue
            if command == "rules":
                self.show_rules()
                continue
            if command == "undo":
                if self.undo_chance():
                    self.flush()
                    return
                self.error(self.t("nothing to undo: no roll or draw of yours stands alone since the last decision",
                                  "nada que deshacer: desde la última decisión no hay una tirada o robo tuyo que quitar"))
                continue
            if not self.match.actions and self.first_command(text):
                self.flush()
                return
            try:
                action = self.chance_outcome(text)
            except LudotecaError as exc:
                self.error(exc.text(self.lang))
                continue
            self.apply(action)
            return

    def show_referee_board(self) -> None:
        """The board for the referee: in full the first time, then the game's compact board (the
        full one would push the story off the screen before every roll); `board` draws it in full."""
        compact = terminal_hook(self.match.game, "render_compact")
        if self._full_board_shown and compact is not None:
            self.console.print(compact(view_document(self.match.state, self.viewer), self.lang, names=self.names))
            self._shown_at = len(self.match.actions)
        else:
            self.show_board(self.viewer)
            self._full_board_shown = True

    def chance_outcome(self, text: str) -> int:
        """An outcome typed by the referee: its notation, or only its value ('3,9', '3 9')."""
        state = self.match.state
        outcomes = [action for action, _ in state.chance_outcomes()]
        try:
            return self.read_code(text)
        except LudotecaError as exc:
            wanted = _numbers_form(text)
            by_value: dict[str, int] = {}
            for action in outcomes:
                notation = state.action_to_string(action)
                by_value[_numbers_form(notation.split(" ", 1)[-1])] = action
            if wanted in by_value:
                return by_value[wanted]
            words = terminal_hook(self.match.game, "chance_words")
            named = words(view_document(state, None)).get(" ".join(text.lower().split())) if words else None
            if named is not None:  # a card by its name, in either language
                return state.string_to_action(named)
            # only the value, as the game's notation would take it after its word ('1 0' is 'roll 1,0')
            head = state.action_to_string(outcomes[0]).split(" ", 1)[0]
            if " " in state.action_to_string(outcomes[0]) and wanted and wanted[0].isdigit():
                try:
                    action = state.string_to_action(f"{head} {wanted}")
                except LudotecaError:
                    action = None
                if action in outcomes:
                    return action
            parts = wanted.split(",")
            if all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):  # the dice in the other order
                swapped = [a for v, a in by_value.items() if sorted(v.split(",")) == sorted(parts)]
                if len(swapped) == 1:
                    return swapped[0]
            raise exc

    def bot_turn(self, seat: int) -> None:
        state = self.match.state
        bot = self.seats[seat].bot
        assert bot is not None
        self.apply(bot.choose(view_document(state, seat), state.legal_actions()))

    def show_rules(self) -> None:
        from rich.markdown import Markdown

        self.console.print(Markdown(self.match.game.rules_text(self.lang)))

    def show_help(self) -> None:
        rows = [
            (self.t("a number", "un número"), self.t("choose that line of the list", "elige esa línea de la lista")),
            (self.t("notation", "notación"), self.t("type the move as the game writes it", "escribe la jugada como la escribe el juego")),
            ("help, ?" if self.lang == "en" else "ayuda, ?", self.t("this list", "esta lista")),
            ("undo" if self.lang == "en" else "deshacer", self.t("take back your last decision of this turn (not across a roll, a draw or a revealed card)",
                                                                  "deshace tu última decisión de este turno (no a través de una tirada, un robo o una carta mostrada)")),
            ("all" if self.lang == "en" else "todas", self.t("list every choice", "muestra todas las opciones")),
            ("back, .." if self.lang == "en" else "atrás, ..", self.t("one step back in a step-by-step choice", "un paso atrás en una elección por pasos")),
            ("board" if self.lang == "en" else "tablero", self.t("draw the board again", "vuelve a dibujar el tablero")),
            ("rules" if self.lang == "en" else "reglas", self.t("the rules summary", "el resumen de las reglas")),
            ("more" if self.lang == "en" else "más", self.t("the next page of choices", "la siguiente página de opciones")),
            *([("hint" if self.lang == "en" else "pista", self.t("the best ways to play this roll", "las mejores formas de jugar esta tirada"))]
              if self.has_hints else []),
            ("quit" if self.lang == "en" else "salir", self.t("stop the game (the record so far is kept with --record)",
                                                              "detiene la partida (con --record se guarda el registro hasta aquí)")),
        ]
        self.console.print(self.t("Commands:", "Órdenes:"))
        for word, meaning in rows:
            self.console.print(f"  [cyan]{escape(word):<12}[/] {escape(meaning)}", highlight=False)

    def human_turn(self, seat: int) -> None:
        state = self.match.state
        legal = state.legal_actions()
        menu_hook = terminal_hook(self.match.game, "choice_menu")
        menu = self.coded_menu(menu_hook(state, legal, self.lang)) if menu_hook else None
        stack: list[list[tuple[str, str, Any]]] = [menu] if menu else []
        choices = Choices(self, stack[-1] if stack else self.legal_rows(legal))
        new_turn = self._last_actor != seat
        if self.hot_seat and self._at_screen != seat:
            self.pass_screen(seat)
            new_turn = True
        if new_turn:
            self._turn_mark[seat] = self._shown_upto.get(seat, 0)
        missing = self.missing_from_menu(stack)
        if self.fit:
            self.flush_quietly()
            screen.draw(self, seat, choices, self._turn_mark[seat], new_turn, missing)
        else:
            self.flush()
            self.show_board(seat)
            self.console.print(self.your_choice(seat))
            choices.show_page(None if stack else MAX_LISTED)
            for line in missing:
                self.console.print(line, highlight=False)
        self._shown_upto[seat] = len(self.log)
        confirm = False  # after `all` in a step-by-step game a number asks before it plays
        words = "number or notation; help, undo, all, more, hint, rules, quit"
        palabras = "número o notación; ayuda, deshacer, todas, más, pista, reglas, salir"
        if not self.has_hints:
            words, palabras = words.replace(" hint,", ""), palabras.replace(" pista,", "")
        hint = self.t(words, palabras)
        while True:
            text = self.ask(f"({hint}) > ").strip()
            if not text:
                continue
            command = command_of(text)
            if command == "quit":
                raise Quit
            if command == "help":
                self.show_help()
                continue
            if command == "undo":
                try:
                    self.match.undo(seat)
                    self.tell(self.t("Undone.", "Deshecho."))
                    return
                except LudotecaError as exc:
                    if self.manual_chance and self.undo_chance():  # the referee's roll or draw
                        return
                    self.error(exc.text(self.lang))
                    continue
            if not self.match.actions and self.first_command(text):
                return
            if command == "all":
                confirm = confirm or bool(stack)
                stack.clear()  # numbers now count in the full list
                choices = Choices(self, self.legal_rows(legal))
                choices.show_page(choices.page_size if self.fit else None)
                if confirm:
                    self.say(self.t("(a number from this list asks before it plays)", "(un número de esta lista pregunta antes de jugar)"))
                continue
            if command == "more":
                if not choices.next_page():
                    self.say(self.t("that was every choice", "no hay más opciones"))
                continue
            if command == "hint":
                if self.has_hints:
                    self.show_hint()
                else:
                    self.error(self.t("this game has no hints", "este juego no tiene pistas"))
                continue
            if command == "board":
                self.show_board(seat)
                continue
            if command == "rules":
                self.show_rules()
                continue
            if command == "back":
                if len(stack) > 1:
                    stack.pop()
                    choices = Choices(self, stack[-1])
                    self.show_step(seat, choices, self.missing_from_menu(stack) if len(stack) == 1 else self.step_map(stack[-1]), len(stack) > 1)
                else:
                    self.error(self.t("nothing to go back to", "no hay paso anterior"))
                continue
            if stack:
                number = self.menu_number(stack[-1], text)
                if number is not None:
                    entries = stack[-1]
                    if not 1 <= number <= len(entries):
                        self.error(self.t(f"{number} is not one of the choices 1..{len(entries)}", f"{number} no es una de las opciones 1..{len(entries)}"))
                        continue
                    chosen = entries[number - 1][2]
                    if chosen == BACK:
                        stack.pop()
                        choices = Choices(self, stack[-1])
                        self.show_step(seat, choices, self.step_map(stack[-1]), True)
                        continue
                    confirm_step = self.confirm_step(chosen)
                    if confirm_step is not None:  # a last step: play it, or go back
                        chosen = confirm_step
                    if isinstance(chosen, list):
                        stack.append(chosen)
                        choices = Choices(self, chosen)
                        self.show_step(seat, choices, self.step_map(chosen), True)
                        continue
                    self.decide(seat, chosen[1] if isinstance(chosen, tuple) else chosen)
                    return
            action = self.parse_choice(text, legal)
            if action is None:
                continue
            if confirm and text.isdigit() and not self.confirmed(action):
                continue
            self.decide(seat, action)
            return

    def clear_screen(self) -> None:
        """Wipe the visible screen and the scrollback (`ESC[3J`): on a terminal only."""
        if self.console.is_terminal:
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")
            self.console.file.flush()
        self._drawn_at = None  # nothing of an earlier prompt is left to draw over

    def pass_screen(self, seat: int) -> None:
        """Hand the screen to `seat`'s person: nothing private stays on it, nothing is shown
        until they press Enter."""
        self.flush_quietly() if self.fit else self.flush()
        self.clear_screen()
        name = seat_name(self.names, seat)
        self.console.print(self.t(f"[bold]Pass the screen to {escape(name)}.[/] {escape(name)}: press Enter when only you can see it.",
                                  f"[bold]Pasa la pantalla a {escape(name)}.[/] {escape(name)}: pulsa Intro cuando solo tú la veas."))
        if command_of(self.ask("> ")) == "quit":
            raise Quit
        self.clear_screen()
        self._at_screen = seat
        self._story_printed = 0  # the story's lines left the scrollback with the rest

    def show_step(self, seat: int, choices: Choices, below: list[str] | None = None, mapped: bool = False) -> None:
        """A step of a step-by-step choice: fitting the screen, the whole prompt drawn again (over
        the previous one), so the story stays in view; else the step's choices under the last.
        `mapped`: the lines below are the game's map of the places offered, each labelled with
        its choice number (where the map and the list do not both fit, the map stands for it)."""
        if self.fit:
            choices.on_map = mapped and bool(below)
            screen.draw(self, seat, choices, self._turn_mark[seat], False, below)
        else:
            choices.show_page()
            for line in below or []:
                self.console.print(line, highlight=False)

    def decide(self, seat: int, action: int) -> None:
        self.apply(action)

    def confirm_step(self, chosen: Any) -> list[tuple[str, str, Any]] | None:
        """A step-by-step choice whose last step shows a hidden card for good (the game's
        `confirm_reveal` says so) ends in one more step: play it, or back to choose again."""
        hook = terminal_hook(self.match.game, "confirm_reveal")
        if hook is None or not isinstance(chosen, int):
            return None
        question = hook(self.match.state, chosen, self.lang)
        if question is None:
            return None
        return [(self.t("play", "jugar"), question, ("confirmed", chosen)),
                (self.t("back", "atrás"), self.t("choose again", "elegir otra vez"), BACK)]

    def step_map(self, entries: list[tuple[str, str, Any]]) -> list[str]:
        """Lines drawn under a step's choices: the game's map of the places offered."""
        hook = terminal_hook(self.match.game, "menu_map")
        if hook is None:
            return []
        # fitting the screen: no taller than it, less whose choice, a note and the prompt with its echo
        most = {"most": self.console.size.height - 4} if self.fit and "most" in inspect.signature(hook).parameters else {}
        return [escape(line) for line in hook(self.match.state, entries, self.lang, **most)]

    def flush_quietly(self) -> None:
        """Fitting the screen, the lines since a decision are drawn in the prompt's own block."""
        self._printed = len(self.log)

    def your_choice(self, seat: int) -> str:
        return self.t(f"[bold]{escape(self.who(seat))}[/], your choice:", f"[bold]{escape(self.who(seat))}[/], tu elección:")

    def confirmed(self, action: int) -> bool:
        state = self.match.state
        question = self.t(f"Play {state.action_to_string(action)} ({state.describe_action(action, self.lang, names=self.names)})? yes/no",
                          f"¿Jugar {self.code(state.action_to_string(action))} ({state.describe_action(action, self.lang, names=self.names)})? sí/no")
        self.console.print(escape(question), highlight=False)
        answer = self.ask("> ").strip().lower()
        return answer in ("y", "yes", "s", "si", "sí")

    def menu_number(self, entries: list[tuple[str, str, Any]], text: str) -> int | None:
        """A menu line by its number, or by its label as typed (`up`, `R2rojo`, `@3,4`; the
        game's other words for a label, `menu_words`, such as `vertical`)."""
        if text.isascii() and text.isdigit() and len(text) <= 6:
            return int(text)
        low = " ".join(text.lower().split())
        words = terminal_hook(self.match.game, "menu_words")
        aliases = words() if words else {}
        for number, (label, _, _) in enumerate(entries, 1):
            label = label.lower()
            english = self.codes.english(label).lower() if self.codes is not None else label
            if low in (label, label.lstrip("@"), english) or low in aliases.get(english, ()):
                return number
        return None

    def coded_menu(self, menu: list[tuple[str, str, Any]] | None) -> list[tuple[str, str, Any]] | None:
        """A step-by-step menu with its labels as this table reads them (`vertical` for `up`)."""
        if menu is None:
            return None
        return [(self.code(label), text, self.coded_menu(sub) if isinstance(sub, list) else sub) for label, text, sub in menu]

    def missing_from_menu(self, stack: list[list[tuple[str, str, Any]]]) -> list[str]:
        """Cards of the hand the menu leaves out, each with why (the game's `menu_missing`), as
        lines to print under the choices."""
        hook = terminal_hook(self.match.game, "menu_missing")
        if not stack or hook is None:
            return []
        return [f"  [dim]{escape(line)}[/]" for line in hook(self.match.state, self.lang)]

    def legal_rows(self, legal: list[int]) -> list[tuple[str, str, Any]]:
        state = self.match.state
        return [(self.code(state.action_to_string(a)), state.describe_action(a, self.lang, names=self.names), a) for a in legal]

    def list_menu(self, entries: list[tuple[str, str, Any]]) -> None:
        Choices(self, entries).show_page()

    def show_hint(self) -> None:
        """The game's hints for learners (its terminal hook `hint_lines`)."""
        for line in terminal_hook(self.match.game, "hint_lines")(self.match.state, self.lang):
            self.console.print(line, highlight=False, markup=False)

    def list_choices(self, legal: list[int], show_all: bool) -> None:
        Choices(self, self.legal_rows(legal)).show_page(None if show_all else MAX_LISTED)

    def parse_choice(self, text: str, legal: list[int]) -> int | None:
        if text.isascii() and text.isdigit() and len(text) <= 6:  # '²' and 5,000 digits are no choice number
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.error(self.t(f"{number} is not one of the choices 1..{len(legal)}", f"{number} no es una de las opciones 1..{len(legal)}"))
            return None
        try:
            action = self.read_code(text)
        except LudotecaError as exc:
            self.error(exc.text(self.lang))
            return None
        if action not in legal:
            self.error(self.t(f"{text!r} is not legal now", f"{text!r} no es legal ahora"))
            return None
        return action

    def show_result(self) -> None:
        """The final position, then the story's last lines: the game's own telling of its end
        names the winners (and the scores) once. Quiet, only the result line is printed."""
        state = self.match.state
        if not self.quiet:
            if self.hot_seat:  # the game is over: every hand may be seen, but not one private view
                self.clear_screen()
            self.say(self.t("[bold]Game over.[/] The board as it ends:", "[bold]Fin de la partida.[/] Así queda el tablero:"))
            self.show_board(None)
            self.flush()
            return
        winners = ", ".join(self.who(s) for s in state.winners())
        scores = state.scores()
        line = self.t(f"Game over. Winner: {winners}", f"Fin de la partida. Gana: {winners}")
        if scores is not None:
            line += "  " + self.t("scores", "puntos") + ": " + ", ".join(f"{self.who(s)} {v:g}" for s, v in enumerate(scores))
        self.console.print(f"[bold green]{escape(line)}[/]")
