"""The interactive game loop: people at the keyboard, bots, chance, undo, records."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from ..engine import CHANCE, LudotecaError, Match, T, view_document
from ..engine.record import GameRecord
from .render import render_view
from .seats import Seat

MAX_LISTED = 60


class Quit(Exception):
    pass


def save_record(record: GameRecord, path: Path) -> None:
    """Write atomically: a crash mid-write never leaves a truncated record."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=".record-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(record.dumps())
        os.replace(tmp, path)
    except BaseException:  # never leave the temporary file behind
        os.unlink(tmp)
        raise


class TerminalGame:
    def __init__(self, match: Match, seats: list[Seat], lang: str, console: Console | None = None,
                 manual_chance: bool = False, quiet: bool = False, render_extra: dict[str, Any] | None = None):
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

    def t(self, en: str, es: str) -> str:
        return T(en, es).get(self.lang)

    def say(self, text: str) -> None:
        if not self.quiet:
            self.console.print(text, highlight=False)

    def ask(self, prompt: str) -> str:
        try:
            return self.console.input(prompt)
        except EOFError:
            raise Quit from None

    def who(self, seat: int) -> str:
        player = self.match.players[seat]
        return escape(f"{player.get('name', f'P{seat + 1}')} ({self.seats[seat].kind})")  # names are user text, shown verbatim

    def run(self) -> None:
        match = self.match
        while not match.state.is_terminal():
            player = match.state.current_player()
            if player == CHANCE:
                self.chance_turn()
            elif self.seats[player].is_human:
                self.human_turn(player)
            else:
                self.bot_turn(player)
        self.show_result()

    def chance_turn(self) -> None:
        state = self.match.state
        if self.manual_chance:
            outcomes = state.chance_outcomes()
            self.console.print(self.t("Chance: type the outcome you rolled or drew, e.g. ", "Azar: escribe el resultado que obtuviste, p. ej. ")
                               + repr(state.action_to_string(outcomes[0][0])))
            while True:
                text = self.ask("> ").strip()
                if text in ("quit", "salir"):
                    raise Quit
                try:
                    self.match.apply_text(text)
                    return
                except LudotecaError as exc:
                    self.console.print(f"[red]{escape(exc.text(self.lang))}[/]")
        action = self.match.state.sample_chance()
        text = state.describe_action_for(action, self.viewer, self.lang)
        self.match.apply(action)
        self.say(f"[dim]·[/] {text}")

    def bot_turn(self, seat: int) -> None:
        state = self.match.state
        bot = self.seats[seat].bot
        assert bot is not None
        action = bot.choose(view_document(state, seat), state.legal_actions())
        described = state.describe_action_for(action, self.viewer, self.lang)
        self.match.apply(action)
        self.say(f"[bold]{self.who(seat)}[/]: {described}")

    def human_turn(self, seat: int) -> None:
        state = self.match.state
        self.console.print(render_view(self.match.game, view_document(state, seat), self.lang, **self.render_extra))
        legal = state.legal_actions()
        self.console.print(self.t(f"[bold]{self.who(seat)}[/], your choice:", f"[bold]{self.who(seat)}[/], tu elección:"))
        show_all = len(legal) <= MAX_LISTED
        self.list_choices(legal, show_all)
        hint = self.t("number or notation; undo, all, rules, quit", "número o notación; undo, all, rules, quit")
        while True:
            text = self.ask(f"({hint}) > ").strip()
            if not text:
                continue
            low = text.lower()
            if low in ("quit", "salir", "exit"):
                raise Quit
            if low in ("undo", "deshacer"):
                try:
                    self.match.undo(seat)
                    self.say(self.t("Undone.", "Deshecho."))
                    return
                except LudotecaError as exc:
                    self.console.print(f"[red]{escape(exc.text(self.lang))}[/]")
                    continue
            if low in ("all", "todas"):
                self.list_choices(legal, True)
                continue
            if low in ("rules", "reglas"):
                from rich.markdown import Markdown

                self.console.print(Markdown(self.match.game.rules_text(self.lang)))
                continue
            action = self.parse_choice(text, legal)
            if action is None:
                continue
            self.match.apply(action)
            return

    def list_choices(self, legal: list[int], show_all: bool) -> None:
        state = self.match.state
        shown = legal if show_all else legal[:MAX_LISTED]
        for number, action in enumerate(shown, 1):
            self.console.print(f"  [cyan]{number:>3}[/] {state.action_to_string(action):<18} {state.describe_action(action, self.lang)}", highlight=False)
        if len(shown) < len(legal):
            self.console.print(self.t(f"  … and {len(legal) - len(shown)} more (type 'all' to list them, or type a move in notation)",
                                      f"  … y {len(legal) - len(shown)} más (escribe 'all' para verlas, o escribe una jugada en notación)"))

    def parse_choice(self, text: str, legal: list[int]) -> int | None:
        if text.isascii() and text.isdigit() and len(text) <= 6:  # '²' and 5,000 digits are no choice number
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print("[red]" + self.t(f"{number} is not one of the choices 1..{len(legal)}", f"{number} no es una de las opciones 1..{len(legal)}") + "[/]")
            return None
        try:
            action = self.match.state.string_to_action(text)
        except LudotecaError as exc:
            self.console.print(f"[red]{escape(exc.text(self.lang))}[/]")
            return None
        if action not in legal:
            self.console.print("[red]" + escape(self.t(f"{text!r} is not legal now", f"{text!r} no es legal ahora")) + "[/]")
            return None
        return action

    def show_result(self) -> None:
        state = self.match.state
        if not self.quiet:
            self.console.print(render_view(self.match.game, view_document(state, None), self.lang, **self.render_extra))
        winners = ", ".join(self.who(s) for s in state.winners())
        scores = state.scores()
        line = self.t(f"Game over. Winner: {winners}", f"Fin de la partida. Gana: {winners}")
        if scores is not None:
            line += "  " + self.t("scores", "puntos") + ": " + ", ".join(f"{self.who(s)} {v:g}" for s, v in enumerate(scores))
        self.console.print(f"[bold green]{line}[/]")
