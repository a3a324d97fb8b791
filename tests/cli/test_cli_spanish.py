"""Spanish, complete: every user-facing text of the terminal, the command line and the games.

Scripted sessions (a person against bots, a referee typing every roll and card, a replay walked
step by step, the rules, the help of every command) run in English and in Spanish while every
bilingual `Text` built is collected. The test fails where
- a Text's Spanish is missing or the same as its English (beyond notation, names and numbers),
- a word of the English session appears in the Spanish one (English left in Spanish output),
- a Typer help string has no Spanish translation.
The allowlist below holds what is the same in both languages on purpose: notation (collected
from the games' own legal actions), option and bot names, proper names, and words both
languages share.
"""

from __future__ import annotations

import io
import re

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from ludoteca.bots import bot_names
from ludoteca.cli.help_es import HELP_ES, help_texts, localize
from ludoteca.cli.main import app
from ludoteca.engine import CHANCE, Match, game_names, make_game
from ludoteca.engine import i18n
from ludoteca.engine.record import GameRecord
from ludoteca.terminal.play import TerminalGame
from ludoteca.terminal.seats import parse_seats
from game_lists import built_in_games

WORD = re.compile(r"[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+")
PATH = re.compile(r"\S*/\S*|--\S+")  # file paths (the test's own folders) and --flags are not text

#: words that are the same in both languages, on purpose
SHARED = {
    # proper names and titles
    "ludoteca", "prime", "climb", "aggravation", "pirámide", "del", "sol", "mazmorra", "primigenia", "ana", "json",
    # words both languages share, or Spanish words the English text quotes
    "no", "base", "bases", "error", "local", "auto", "manual", "bot", "bots", "regular", "legal", "divide", "en",
    "use", "terminal", "visible", "tijera", "min", "total",
    # option values as written on the command line
    "true", "false", "on", "off",
    # Pirámide's notation (LkPi, pass) and its cards' symbols (jag, lun, ser)
    "lkpi", "pass", "jag", "lun", "ser",
}


def allowed_words() -> set[str]:
    words = set(SHARED) | {w.lower() for name in bot_names() for w in WORD.findall(name)}
    for name in game_names():
        game = make_game(name)
        words |= {w.lower() for w in WORD.findall(name)}
        # the notation's verbs (`take 2`, the same in both languages), where the game names its kinds
        words |= set(getattr(type(game.new_initial_state(game.default_players, 0)), "KIND_WORDS", {}))
        for option in game.OPTIONS.options:
            words |= {w.lower() for w in WORD.findall(option.name)}
            words |= {w.lower() for c in (*(option.choices or ()), option.default) for w in WORD.findall(str(c))}
    return words


def notation_words(record: GameRecord) -> set[str]:
    """Every word of the notation of every action legal along a recorded game (notation is
    the same in both languages)."""
    game = make_game(record.game, record.options)
    state = game.new_initial_state(record.num_players, record.seed)
    words: set[str] = set()
    for entry in record.actions:
        for action in state.legal_actions():
            words |= {w.lower() for w in WORD.findall(state.action_to_string(action))}
        state.apply_text(entry["action"])
    return words


#: vos forms (podés, tenés, descartá, elegí...): the interface says tú; only Pirámide's rules summary keeps vos
VOSEO = re.compile(r"\b(?:pod|ten|quer|sab|pon|hac|mov|jug|rob|descart|eleg|escrib|coloc|tom|us|mir|pas|tir|vos)"
                   r"(?:és|ás|ís|é|á|í)?\b(?<=[áéís])|\bvos\b|\bsos\b", re.IGNORECASE)


class Collect:
    """Every Text built while active (the engine's bilingual strings)."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, str]] = []

    def __enter__(self) -> "Collect":
        self._init = i18n.Text.__init__
        original = self._init

        def init(text, en, es):
            original(text, en, es)
            self.texts.append((en, es))

        i18n.Text.__init__ = init
        return self

    def __exit__(self, *exc) -> None:
        i18n.Text.__init__ = self._init


class Referee(TerminalGame):
    """A referee at the keyboard: types each outcome as its bare value ('3 9'), asks for help once."""

    asked_help = False
    asked_at = (-1, 0)  # (actions so far, times asked there)

    def ask(self, prompt: str) -> str:
        self.console.print(prompt)
        state = self.match.state
        here = len(self.match.actions)
        self.asked_at = (here, self.asked_at[1] + 1 if self.asked_at[0] == here else 1)
        assert self.asked_at[1] <= 3, f"the referee's entry was refused: {prompt}"
        if state.current_player() != CHANCE:
            return "1"
        if not self.asked_help:
            self.asked_help = True
            return "?"
        notation = state.action_to_string(state.sample_chance())
        return notation.split(" ", 1)[-1].replace(",", " ")


def seats_for(game) -> list[str]:
    return ["human"] + ["greedy"] * (game.default_players - 1)


def session(name: str, lang: str, tmp_path) -> tuple[str, str, set[str]]:
    """Everything a person sees in one language (the interface, then the rules summaries), and
    the notation words along the games."""
    runner = CliRunner()
    game = make_game(name)
    out = []
    record = tmp_path / f"{name}-{lang}.json"
    script = "?\nayuda\nhelp\nundo\nboard\n" + "1\n" * 4000
    extra = ["--show-rooms"] if name == "mazmorra" else []
    played = runner.invoke(app, ["play", name, "--seed", "11", "--lang", lang, "--names", "Ana",
                                 "--record", str(record), *extra], input=script)
    assert played.exit_code == 0, played.output[-2000:]
    out.append(played.output)
    stepped = runner.invoke(app, ["replay", str(record), "--step", "--lang", lang], input="\n" * 4000)
    assert stepped.exit_code == 0, stepped.output[-2000:]
    out.append(stepped.output)
    rules = runner.invoke(app, ["rules", name, "--lang", lang]).output
    if name == "prime-climb":
        out.append(runner.invoke(app, ["prime-climb", "colours", "84", "--lang", lang]).output)
    i18n.set_language(lang)
    match = Match(game, game.default_players, 5, [{"name": f"P{i + 1}", "kind": "greedy"} for i in range(game.default_players)])
    console = Console(record=True, width=120, file=io.StringIO())
    referee = Referee(match, parse_seats(",".join(["greedy"] * game.default_players), game, 5), lang,
                      console=console, manual_chance=True)
    referee.run()
    out.append(console.export_text())
    i18n.set_language("en")
    words = notation_words(GameRecord.loads(record.read_text())) | notation_words(match.record())
    return "\n".join(out), rules, words


#: Mazmorra's board: two characters per cell, so ENTRY's and EXIT's labels run together (ININ, EXEX, INP)
BOARD_CELLS = re.compile(r"^(?:in|ex)+[rpt]?$|^[rpt]?(?:in|ex)+$")


#: a row of a board picture (holes, empty cells, factors; or framed with letters of two at most), where
#: letters are marbles, stars and labels next to each other
BOARD_GLYPHS = re.compile(r"[·○∘◯✶◎]")


def board_row(line: str) -> bool:
    framed = line.strip()
    if len(BOARD_GLYPHS.findall(line)) >= 3:
        return True
    return framed.startswith("│") and framed.endswith("│") and max(map(len, WORD.findall(framed)), default=0) <= 2


def vocabulary(text: str) -> set[str]:
    text = "\n".join(line for line in text.splitlines() if not board_row(line))
    return {w.lower() for w in WORD.findall(PATH.sub(" ", text)) if len(w) > 1 and not BOARD_CELLS.match(w.lower())}


def untranslated(texts: list[tuple[str, str]], allowed: set[str]) -> set[tuple[str, str]]:
    bad = set()
    for en, es in texts:
        if not es.strip() and en.strip():
            bad.add((en, es))
        elif en == es and vocabulary(en) - allowed:
            bad.add((en, es))
    return bad


@pytest.mark.parametrize("name", built_in_games())
def test_no_english_left_in_spanish(name, tmp_path):
    allowed = allowed_words()
    with Collect() as collected:
        en_text, en_rules, en_words = session(name, "en", tmp_path)
        es_text, es_rules, es_words = session(name, "es", tmp_path)
    voseo = sorted(set(VOSEO.findall(es_text)))
    assert not voseo, f"the interface addresses the player as vos, not tú: {voseo}"
    en_text, es_text = en_text + en_rules, es_text + es_rules
    allowed |= en_words | es_words
    left = (vocabulary(en_text) & vocabulary(es_text)) - allowed
    assert not left, f"English words in the Spanish session of {name}: {sorted(left)}"
    bad = untranslated(collected.texts, allowed)
    assert not bad, f"Texts without Spanish: {sorted(bad)[:20]}"


def test_every_help_string_has_spanish():
    command = typer.main.get_command(app)
    missing = [text for _, text in help_texts(command) if text not in HELP_ES]
    assert not missing, f"help strings without Spanish (add them to cli/help_es.py): {missing}"
    same = [en for en, es in HELP_ES.items() if en == es or not es.strip()]
    assert not same
    localize(command, "es")
    for _, text in help_texts(command):
        assert text in HELP_ES.values()


def test_no_help_string_loses_text_to_rich_markup():
    """Typer prints help through Rich, which reads `[word...]` as a markup tag and drops it (the versus
    `--against` help once showed "a name or ''")."""
    from rich.text import Text

    eaten = [text for pair in HELP_ES.items() for text in pair if Text.from_markup(text).plain != text]
    assert not eaten, f"help that Rich would print without its brackets: {eaten}"


def test_spanish_help_is_printed_with_lang_es(monkeypatch, capsys):
    """`ludoteca --lang es play --help`, through the console script's own entry point."""
    from ludoteca.cli import main as cli_main

    monkeypatch.setattr("sys.argv", ["ludoteca", "--lang", "es", "play", "--help"])
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as exit_:
        cli_main.main()
    assert exit_.value.code in (0, None)
    out = capsys.readouterr().out
    assert "Juega una partida completa" in out and "Opciones" in out
    assert "Play a full game" not in out
    localize(typer.main.get_command(app), "en")  # Typer's titles are process-wide: back to English
    from typer import rich_utils

    assert rich_utils.OPTIONS_PANEL_TITLE == "Options"


def test_the_check_catches_english():
    """The detector itself: an English leftover and an untranslated Text are both found."""
    allowed = allowed_words()
    assert untranslated([("Phase: move", "Phase: move")], allowed)
    assert untranslated([("P1 (human)", "")], allowed)
    assert not untranslated([("P1", "P1"), ("roll 3,9", "roll 3,9")], allowed | {"roll"})
    assert vocabulary("Fase: move") & vocabulary("Phase: move") == {"move"}
    assert VOSEO.findall("no podés robar; descartá una; elegí") and not VOSEO.findall("no puedes robar; descarta una; elige; pasa")
