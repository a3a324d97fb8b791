"""One prompt laid out to fit the terminal (80x24 and up): the board when it fits, else the
game's compact board (`render_compact` of its terminal module); the lines told since this
seat's last turn; the choices in columns, a page at a time (`more` for the next)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.control import Control, ControlType
from rich.text import Text

from ..engine import T, view_document
from .render import render_view, terminal_hook

if TYPE_CHECKING:
    from .play import TerminalGame

LABEL_MAX = 18  # the widest notation column; longer labels push their description along
MIN_CHOICE_ROWS = 3  # a long story never squeezes the choices below this


class Choices:
    """A numbered list (label, description, what it chooses), printed a page at a time."""

    def __init__(self, game: "TerminalGame", rows: list[tuple[str, str, Any]]):
        self.game = game
        self.rows = rows
        self.page = 0
        self.page_size: int | None = None  # None: every row at once
        self.short: list[str] | None = None  # each choice in a few characters, where space is short
        self.on_map = False  # a map drawn under the list labels each choice with its number
        self.hidden = False  # the list is left out: the map stands for it (too tall for both)
        self.unlisted = False  # it was left out: `more` shows it
        self.label_w = min(LABEL_MAX, max((cell_len(r[0]) for r in rows), default=0))
        self.digits = len(str(len(rows)))
        self.lay_out(4)

    def lay_out(self, most: int) -> None:
        width = self.game.console.size.width
        cells = [self.cell(i) for i in range(len(self.rows))]
        widest = max((cell_len(c) for c in cells), default=0)
        # columns only where whole entries fit side by side; else one entry a line
        self.columns = max(1, min(most, (width + 2) // (widest + 2))) if widest else 1
        self.cell_w = widest

    def shorten(self, short: list[str]) -> None:
        """Each choice by its short label (the game's `short_choice`), in as many columns as fit."""
        self.short = short
        self.lay_out(8)

    def cell(self, index: int) -> str:
        if self.short is not None:
            return f"{index + 1:>{self.digits + 1}} {self.short[index]}"
        label, description, _ = self.rows[index]
        return f"{index + 1:>{self.digits + 1}} {label:<{self.label_w}} {description}".rstrip()

    def lines_for(self, rows: int) -> int:
        """How many entries fit in `rows` screen lines."""
        width = self.game.console.size.width
        if self.columns > 1:
            return rows * self.columns
        used = count = 0
        for i in range(len(self.rows)):
            used += max(1, -(-cell_len(self.cell(i)) // width))
            if used > rows:
                break
            count += 1
        return max(1, count)

    def height(self, count: int | None = None) -> int:
        """Screen lines the first `count` entries take (every entry when None)."""
        width = self.game.console.size.width
        n = len(self.rows) if count is None else min(count, len(self.rows))
        if self.columns > 1:
            return -(-n // self.columns)
        return sum(max(1, -(-cell_len(self.cell(i)) // width)) for i in range(n))

    def renderable(self) -> RenderableType:
        start = self.page * self.page_size if self.page_size else 0
        end = min(len(self.rows), start + self.page_size) if self.page_size else len(self.rows)
        shown = list(range(start, end))
        lines: list[Text] = []
        if self.columns > 1:
            per_col = -(-len(shown) // self.columns)
            for r in range(per_col):
                line = Text()
                for c in range(self.columns):
                    k = c * per_col + r
                    if k < len(shown):
                        self.styled(line, shown[k], self.cell_w + 2 if c < self.columns - 1 else 0)
                lines.append(line)
        else:
            for i in shown:
                line = Text()
                self.styled(line, i, 0)
                lines.append(line)
        if end < len(self.rows) or start:
            left = len(self.rows) - end
            lines.append(Text(T(f"  choices {start + 1}–{end} of {len(self.rows)}; " + ("'more' for the next page, " if left else "'more' for the first page, ") + "or type a move",
                                f"  opciones {start + 1}–{end} de {len(self.rows)}; " + ("'más' para la siguiente página, " if left else "'más' para la primera página, ") + "o escribe una jugada").get(self.game.lang), style="dim"))
        return Group(*lines)

    def styled(self, line: Text, index: int, pad: int) -> None:
        text = self.cell(index)
        cut = self.digits + 1
        line.append(text[:cut], style="cyan")
        line.append(text[cut:])
        if pad:
            line.append(" " * max(0, pad - cell_len(text)))

    def show_page(self, page_size: int | None = -1) -> None:
        """Print the current page; `page_size` None shows every row, -1 keeps the current size."""
        if page_size != -1:
            self.page_size = page_size if page_size and page_size < len(self.rows) else None
        if self.hidden:
            self.hidden, self.unlisted = False, True  # `more` and `all` list them after all
            self.game.console.print(Text(T("  the numbers on the map below are the choices ('all' lists them)",
                                           "  los números del mapa de abajo son las opciones ('todas' las muestra)").get(self.game.lang),
                                         style="dim"), highlight=False)
            return
        self.game.console.print(self.renderable(), highlight=False)

    def next_page(self) -> bool:
        if self.unlisted:  # the map stood for the list: now the list itself
            self.unlisted = False
            self.game.console.print(self.renderable(), highlight=False)
            return True
        if not self.page_size:
            return False
        self.page = (self.page + 1) % -(-len(self.rows) // self.page_size)
        self.show_page()
        return True


class LineCount:
    """The console's file, counting the lines written to it (the terminal's echo of an answer
    is added by whoever reads it)."""

    def __init__(self, file: Any):
        self._file = file
        self.newlines = 0

    def write(self, text: str) -> int:
        self.newlines += text.count("\n")
        return self._file.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


def packed(game: "TerminalGame", lines: list[Text]) -> list[Text]:
    """Story lines run together, a few to a paragraph, so that a short line does not take a
    whole row of a small screen: `· P2 rolls 4 and 7. · P2 adds 4 to pawn A: 0 → 4.`"""
    most = 6 * game.console.size.width
    units: list[Text] = []
    for line in lines:
        if units and cell_len(units[-1].plain) + 1 + cell_len(line.plain) <= most:
            units[-1] = Text.assemble(units[-1], " ", line)
        else:
            units.append(line.copy())
    return units


def packed_height(game: "TerminalGame", lines: list[Text]) -> int:
    return sum(lines_of(game, unit) for unit in packed(game, lines))


def lines_of(game: "TerminalGame", renderable: RenderableType) -> int:
    console = game.console
    return len(console.render_lines(renderable, console.options, pad=False))


def draw(game: "TerminalGame", seat: int, choices: Choices, seen: int, new_turn: bool = True,
         below: list[str] | None = None) -> None:
    """Board, the story since `seen` (the end of `seat`'s previous turn), whose choice, the first
    page of choices and the `below` lines: together no taller than the screen less a line, the
    prompt and the terminal's echo of the answer.

    Each line goes into the scrollback once: the oldest story lines that do not fit are printed
    first, above the board, unless an earlier prompt of this turn already printed them; a later
    prompt of the same turn is drawn over the previous prompt's screen in place (erased line by
    line, which no terminal keeps in its scrollback) while that screen is still in view."""
    console = game.console
    height = console.size.height
    below_lines = [Text.from_markup(line) for line in below or []]
    doc = view_document(game.match.state, seat)
    full = render_view(game.match.game, doc, game.lang, console=console, names=game.names, **game.render_extra)
    compact_hook = terminal_hook(game.match.game, "render_compact")
    compact = compact_hook(doc, game.lang, names=game.names) if compact_hook else Text(
        T("(type 'board' to see the board)", "(escribe 'tablero' para ver el tablero)").get(game.lang), style="dim")
    story = game.log[seen:]
    title = Text(T("Since your last turn:", "Desde tu último turno:").get(game.lang), style="bold")
    story_lines = [Text("· " + line) for line in story]
    story_h = (1 + packed_height(game, story_lines)) if story else 0
    avail = height - 3 - sum(lines_of(game, t) for t in below_lines)  # "your choice", the prompt, the echo
    choices_h = choices.height()
    board = full
    board_h = lines_of(game, full)
    if board_h + story_h + choices_h > avail:
        board, board_h = compact, lines_of(game, compact)
    if board_h + story_h + choices_h > avail and choices.short is None:
        # too many to show with their descriptions: each by a short label, in columns
        short_hook = terminal_hook(game.match.game, "short_choice")
        shorter = Choices(game, choices.rows)
        shorter.shorten([short_hook(label, text, game.lang) if short_hook else label for label, text, _ in choices.rows])
        if shorter.height() < choices_h:
            choices.shorten(shorter.short or [])
            choices_h = choices.height()
    minimal_hook = terminal_hook(game.match.game, "render_minimal")
    if board_h + story_h + choices_h > avail and minimal_hook is not None:
        # the story of the others' turns comes first: the fewest lines that still show the hand
        board = minimal_hook(doc, game.lang, names=game.names)
        board_h = lines_of(game, board)
    if choices.on_map and board_h + min(choices_h, MIN_CHOICE_ROWS) > avail:
        # a map too tall to share the screen with the list: its numbers are the choices
        choices.hidden, choices_h = True, 1
    if choices.hidden and board_h + choices_h > avail:  # no room even for the hand: the map alone
        board, board_h = Text(""), 0
    rest = avail - board_h
    choice_rows = min(choices_h, max(MIN_CHOICE_ROWS, rest - story_h))
    if choice_rows < choices_h and not choices.hidden:  # a page, and a line saying so
        choices.page_size = max(1, choices.lines_for(choice_rows - 1))
        choice_rows = choices.height(choices.page_size) + 1
    story_room = rest - choice_rows
    if new_turn:
        game._story_printed = seen
    counter = game.lines_out
    back = counter.newlines - game._drawn_at if counter is not None and game._drawn_at is not None else None
    if not new_turn and back is not None and back < height:
        # up to the previous prompt's first line, erasing each line on the way
        codes: list[Any] = [ControlType.CARRIAGE_RETURN, (ControlType.ERASE_IN_LINE, 2)]
        for _ in range(back):
            codes += [(ControlType.CURSOR_UP, 1), (ControlType.ERASE_IN_LINE, 2)]
        console.control(Control(*codes))
    elif not new_turn:  # the previous prompt's screen has scrolled away: its lines are told
        game._story_printed = max(game._story_printed, game._drawn_upto)
    kept: list[Text] = []
    # a line already in the scrollback is not told again, even where this prompt has room for it
    candidates = story_lines[max(0, game._story_printed - seen):]
    for start in range(len(candidates)):  # the longest tail that fits, lines run together
        if 1 + packed_height(game, candidates[start:]) <= story_room:
            kept = candidates[start:]
            break
    overflow = len(story_lines) - len(kept)
    for index in range(max(0, game._story_printed - seen), overflow):
        console.print(story_lines[index], highlight=False)
    game._story_printed = max(game._story_printed, seen + overflow)
    game._drawn_at = counter.newlines if counter is not None else None
    game._drawn_upto = len(game.log)
    if board_h:
        console.print(board)
    if kept:
        console.print(Group(title, *packed(game, kept)), highlight=False)
    console.print(game.your_choice(seat))
    choices.show_page()
    for line in below_lines:
        console.print(line, highlight=False)
    game._shown_at = len(game.match.actions)


__all__ = ["Choices", "LineCount", "draw"]
