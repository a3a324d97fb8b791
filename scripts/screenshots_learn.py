"""Screenshots of the lobby, the rules pages (their drawn examples) and Learn to play, for docs/web.md.

    PYTHONPATH=src python scripts/screenshots_learn.py [--out docs/img]

Starts the web server as scripts/screenshots.py does and photographs `lobby-phone.png` and
`lobby-desktop.png` (1280x860), `rules-phone.png` (Prime Climb) and `rules-es-phone.png` (Mazmorra, in
Spanish), and at phone size (390x844): `learn-phone.png` (Aggravation, a wrong tap explained), `learn-piramide-phone.png` (the symbols
lesson, the card chosen and its place lit with the points it scores), `learn-mazmorra-es-phone.png`
(in Spanish: a card's ghost over the paper it beats), `rules-examples-phone.png` (Aggravation's
figures) and `rules-examples-es-phone.png` (Mazmorra's scoring example, in Spanish).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from screenshots import DESKTOP, PHONE, serve, shrink


def phone(browser, lang: str, spec=PHONE):
    context = browser.new_context(**spec)
    context.add_init_script(f"localStorage.setItem('ludoteca:lang', '{lang}');")
    return context.new_page()


def lesson_at(page, url: str, game: str, k: int, step: int = 0) -> None:
    page.goto(f"{url}/learn/{game}?lesson={k}")
    page.wait_for_function("([k, s]) => { const l = window.ludotecaLesson && window.ludotecaLesson(); return !!l && l.lesson === k && l.step === s; }",
                           arg=[k, step])
    page.wait_for_timeout(400)  # a new target takes taps after about 300 ms


def snap(page, path: Path, scroll_to: str | None = None) -> None:
    if scroll_to:
        page.locator(scroll_to).first.scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, -8)")
    else:
        page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))
    shrink(path)
    print(path, f"{path.stat().st_size // 1024} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/img")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        url, server = serve(f"sqlite:///{tmp}/shots.db")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"], headless=True)
                for name, spec in (("lobby-phone.png", PHONE), ("lobby-desktop.png", DESKTOP)):
                    page = phone(browser, "en", spec)
                    page.goto(f"{url}/")
                    for game in ("prime-climb", "aggravation", "piramide", "mazmorra"):
                        page.wait_for_selector(f".gamecard[data-game='{game}'] .picture svg")
                    snap(page, out / name)
                    page.context.close()
                for game, lang, name in (("prime-climb", "en", "rules-phone.png"), ("mazmorra", "es", "rules-es-phone.png")):
                    page = phone(browser, lang)
                    page.goto(f"{url}/rules/{game}")
                    page.wait_for_selector("#rules-picture svg")
                    page.wait_for_selector("#rules-examples figure.example svg")
                    snap(page, out / name)
                    page.context.close()

                page = phone(browser, "en")  # Aggravation: the star lesson, a marble entered instead
                lesson_at(page, url, "aggravation", 2)
                page.locator("#board .choice[data-select='1']").first.tap()
                page.locator("#board .choice[data-action='m1']").first.tap()
                page.wait_for_selector("#learn-wrong:not(.hidden)")
                snap(page, out / "learn-phone.png")
                page.context.close()

                page = phone(browser, "en")  # Pirámide: the symbols lesson, the card chosen
                lesson_at(page, url, "piramide", 3)
                page.locator("#board .choice[data-select='R3jaguar']").first.tap()
                page.wait_for_selector("#board .choice[data-action='play R3jaguar L2P3']")
                snap(page, out / "learn-piramide-phone.png")
                page.context.close()

                page = phone(browser, "es")  # Mazmorra: the card's ghost over the paper it beats
                lesson_at(page, url, "mazmorra", 1)
                page.locator("#board .choice[data-select='T5rojo']").first.tap()
                page.wait_for_selector("#board .anchor")
                page.wait_for_timeout(350)
                page.locator("#board .choice[data-select='T5rojo up @11,9']").first.tap()
                page.wait_for_selector("#board .ghost")
                snap(page, out / "learn-mazmorra-es-phone.png")
                page.context.close()

                for game, lang, name, nth in (("aggravation", "en", "rules-examples-phone.png", 1),
                                              ("mazmorra", "es", "rules-examples-es-phone.png", 3)):
                    page = phone(browser, lang)
                    page.goto(f"{url}/rules/{game}")
                    page.wait_for_selector("#rules-examples figure.example svg")
                    page.wait_for_timeout(300)
                    snap(page, out / name, f"#rules-examples figure.example >> nth={nth}")
                    page.context.close()
                browser.close()
        finally:
            server.should_exit = True
            server.thread.join(10)


if __name__ == "__main__":
    main()
