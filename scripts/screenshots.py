"""Screenshots of each game's room at phone and desktop size, for docs/web.md.

    PYTHONPATH=src python scripts/screenshots.py [--out docs/img] [--game prime-climb] [--moves 6]

Starts the web server on a free port (a temporary database, fixed seeds), opens a room per
game with you in seat 0 against bots, plays a few of your moves by tapping the board (a
seeded choice among the highlighted places), then photographs the position with your
choices showing: `<game>-phone.png` (390x844, touch) and `<game>-desktop.png` (1280x860).
Needs Playwright and Chromium (/usr/bin/chromium by default: --chromium PATH); with Pillow the
pictures are saved with a 128-colour palette, to keep them small.
"""

from __future__ import annotations

import argparse
import random
import socket
import tempfile
import threading
import time
from pathlib import Path

GAMES = {"prime-climb": 2, "aggravation": 3, "piramide": 2, "mazmorra": 3}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 860}, "device_scale_factor": 1}


def serve(db_url: str) -> tuple[str, object]:
    import uvicorn

    from ludoteca.web import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    seeds = iter(range(20260, 30000))
    server = uvicorn.Server(uvicorn.Config(create_app(db_url, bot_delay=0.05, seeds=lambda: next(seeds)),
                                           host="127.0.0.1", port=port, log_level="warning"))
    server.thread = threading.Thread(target=server.run, daemon=True)  # joined at the end: a clean shutdown
    server.thread.start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def tap_some_board_moves(page, moves: int, rng: random.Random) -> None:
    """Play `moves` of our decisions on the board: a highlighted target, else a piece to select."""
    done = 0
    for _ in range(moves * 8):
        if done >= moves:
            return
        page.wait_for_selector("#result-card, #board [data-action]:not([disabled]), #board [data-select]", timeout=60000)
        if page.locator("#result-card").count():
            return
        actions = page.locator("#board .choice[data-action]")
        if actions.count():
            actions.nth(rng.randrange(actions.count())).click()
            done += 1
            page.wait_for_timeout(150)
        else:
            picks = page.locator("#board .choice[data-select]")
            picks.nth(rng.randrange(picks.count())).click()


def shrink(path: Path) -> None:
    """A 128-colour palette keeps each picture small for the repository (Pillow, when installed)."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/img")
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--lang", default="en", choices=("en", "es"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        url, server = serve(f"sqlite:///{tmp}/shots.db")
        import httpx

        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"], headless=True)
                for game in args.game or GAMES:
                    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * (GAMES[game] - 1)
                    options = {"market_face_up": True} if game == "mazmorra" else {}
                    made = httpx.post(f"{url}/api/rooms", json={"game": game, "seats": seats, "options": options, "name": "Ana", "seat": 0}, timeout=60).json()
                    rid, token = made["room"]["id"], made["token"]
                    for size, spec in (("phone", PHONE), ("desktop", DESKTOP)):
                        context = browser.new_context(**spec)
                        context.add_init_script(f"localStorage.setItem('ludoteca:seat:{rid}', JSON.stringify({{seat: 0, token: '{token}'}}));"
                                                f"localStorage.setItem('ludoteca:lang', '{args.lang}');")
                        page = context.new_page()
                        page.goto(f"{url}/room/{rid}")
                        page.wait_for_selector("#board svg")
                        if size == "phone":
                            tap_some_board_moves(page, args.moves, random.Random(7))
                        page.wait_for_selector("#board .choice", timeout=60000)
                        # the last move's animation ends, and every caption queued (up to three, 2.5 s each)
                        page.wait_for_selector("#caption.hidden", state="attached", timeout=15000)
                        page.wait_for_timeout(600)
                        page.evaluate("window.scrollTo(0, 0)")  # the table as it opens: the whole board under the turn bar
                        page.wait_for_timeout(100)
                        path = out / f"{game}-{size}.png"
                        page.screenshot(path=str(path))
                        shrink(path)
                        print(path, f"{path.stat().st_size // 1024} KiB")
                        context.close()
                browser.close()
        finally:
            server.should_exit = True
            server.thread.join(10)


if __name__ == "__main__":
    main()
