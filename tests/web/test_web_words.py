"""Words for players, not developers (issue 44): no file name, "seed", "CFR", docs path, notation code
or internal id in what a player reads, in either language: every game's option help, pitch and length,
the bots' labels (the server's data), and the lobby's and every rules page's text, tooltips and
accessible names as Chromium shows them, with every game's "More options" open."""

from __future__ import annotations

import re

import pytest
from test_web_lobby import GAMES, open_lobby, phone
from web_support import browser_site, chromium_available

from ludoteca.bots.levels import LABELS
from ludoteca.engine import game_class
from ludoteca.engine.registry import plugin_of

# what gives a developer's page away
DEV_WORDS = [
    r"\bseeds?\b", r"\bsemillas?\b", r"\bCFR\b", r"\bI?S?MCTS\b", r"docs/", r"\bJSON\b", r"\bRUTA\b", r"\bPATH\b",
    r"\b[\w-]+\.(?:json|md|py|js|txt|csv|toml|db)\b",  # a file name
    r"\b[a-z]+_[a-z_]+\b",  # an internal id (an option's or a value's code)
    r"\b(?:noisy-greedy|optimal-racer|prime-climb|piramide)\b",  # a registry name (Mazmorra is a Spanish word)
    r"\bundefined\b", r"\bnull\b", r"\bNaN\b", r"\[object ", r"-o \w+=", r"\w+=\w+",
    r"\bL\dP\d\b", r"@\d+,\d+", r"\b[RPT][1-5](?:rojo|naranja|amarillo|verde|azul|morado)\b",  # notation
    r"\broll \d", r"\bdraw (?:regular|edge)\b", r"\bm\d (?:star|centre)\b", r"\bkeeper [AB]\b",
]
DEV = re.compile("|".join(DEV_WORDS))
# the games whose plug-in declares lessons and the rulebook's worked examples (`tutorial`)
TAUGHT = [g for g in GAMES if plugin_of(g).tutorial]


def developer_words(text: str) -> list[str]:
    return [m.group(0) for m in DEV.finditer(text)]


def test_the_patterns_catch_what_the_issue_found():
    for found in ("small.json; small enough for exact CFR, docs/rl-openspiel.md", "drawn at random from the game's seed",
                  "see docs/rules/piramide.md", "play R2jaguar L2P1", "top-left cell at @4,9", "Bot: perfect_bot",
                  "la semilla elige", "forfeit_unusable_die", "MCTS search"):
        assert developer_words(found), found
    assert not developer_words("Race your two pawns to 101 by adding, subtracting, multiplying and dividing with the dice.")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_option_help_pitch_and_length_are_in_players_words(game, lang):
    card = game_class(game)
    described = card().describe()
    said = [o["help"][lang] for o in described["options"]] + [card.pitch.to_json()[lang], card.length.to_json()[lang]]
    for text in said:
        assert not developer_words(text), (game, text)
    for option in described["options"]:  # one short sentence each, written as a sentence
        text = option["help"][lang]
        assert text[0].isupper() and text.endswith((".", "…")) and text.count(". ") == 0 and len(text.split()) <= 25, text


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", TAUGHT)
def test_lessons_and_worked_examples_are_in_players_words(game, lang):
    """Every text of a game's Learn to play (titles, steps, what is said when done or after a wrong
    tap) and the captions of its rulebook examples on the rules page."""
    from ludoteca.web.learn import tutorial_of

    tutorial = tutorial_of(game)
    assert tutorial is not None and tutorial.LESSONS and tutorial.EXAMPLES, game
    said = [ex["caption"] for ex in tutorial.EXAMPLES]
    for lesson in tutorial.LESSONS:
        said += [lesson["title"], lesson["done"]]
        for step in lesson["steps"]:
            said += [step["say"], tutorial.wrong(step, True), tutorial.wrong(step, False)]
    for text in said:
        words = text.to_json()[lang]
        assert words and not developer_words(words), (game, words)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_bot_labels_are_words_capitalised(lang):
    for name, label in LABELS.items():
        text = label.to_json()[lang]
        assert text[0].isupper() and not developer_words(text), (name, text)
    assert LABELS["perfect"].to_json() == {"en": "Perfect", "es": "Perfecto"}


# every text a player may read on the page: the text shown, tooltips, accessible names, placeholders,
# the options of every list, headings of folded parts
READ = """() => {
  const parts = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [alt], option, optgroup, summary, .option-help")) {
    for (const key of ["title", "aria-label", "placeholder", "alt", "label"]) if (el.getAttribute(key)) parts.push(el.getAttribute(key));
    parts.push(el.textContent);
  }
  return parts.join("\\n");
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not chromium_available():
        pytest.skip("needs Chromium and Playwright")
    with browser_site(tmp_path_factory.mktemp("words"), bot_delay=0.05) as (url, b):
        yield url, b


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_developer_word_in_the_lobby_with_every_game_s_options_open(site, lang):
    url, b = site
    page = phone(b, "390x844", lang)
    open_lobby(page, url)
    page.locator("#more-options > summary").click()
    for game in GAMES:
        page.select_option("#game", game)
        page.wait_for_selector("#seat-1 option[value='bot:hard']", state="attached")
        page.wait_for_timeout(150)  # the bots the server offers for this game replace the first guess
        text = page.evaluate(READ)
        for shown in developer_words(text):
            raise AssertionError(f"{game} ({lang}): {shown!r} shown to a player")
    page.context.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_no_developer_word_on_a_rules_page(site, game, lang):
    url, b = site
    page = phone(b, "390x844", lang)
    page.goto(f"{url}/rules/{game}")
    page.wait_for_selector("#rules-text p")
    page.wait_for_selector("#rules-picture svg")
    if game in TAUGHT:  # the worked examples, drawn with their captions
        page.wait_for_selector("#rules-examples figure.example svg[role=img]")
    shown = developer_words(page.evaluate(READ))
    assert not shown, (game, lang, shown)
    page.context.close()
