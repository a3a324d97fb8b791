"""The web application: lobby and room pages, the JSON API, the WebSocket endpoint.

`create_app(db_url)` builds a FastAPI app over a `RoomService` (storage) and a `Hub` (live
play). On start it loads the rooms in play (any other is loaded when asked for). Every request body is size-limited and
validated; every error is a JSON object with a bilingual message. `limits` (a `WebLimits`)
sets the rate limits and caps; the rate limiter is `app.state.rates` (for any new message kind).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from importlib import resources
from pathlib import Path
from typing import Any, Literal, Optional

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from pydantic import BaseModel, ConfigDict, Field

from ..engine import LudotecaError, T, game_names
from . import store
from .account_routes import COOKIE as ACCOUNT_COOKIE, install as install_accounts, install_ratings, origin_refusal
from .db import make_engine, make_sessions
from . import learn, lobby
from .profiles import install_profiles
from .ratings import bot_ratings
from .rematch import offered, play_again
from .errors import SECURITY_HEADERS, invalid_request
from .deadlines import Scheduler
from .hub import Hub
from .limits import RateLimited, WebLimits
from .mail import Sender
from .mail.routes import install_mail
from .mail.seats import install_seat_here
from .replays import BrokenReplay, Replays
from .rooms import RoomError, RoomService, bot_choices
from .thinking import BotPool
from .turns import Keeper

log = logging.getLogger("ludoteca.web")
STATIC = Path(str(resources.files("ludoteca.web").joinpath("static")))
MAX_BODY = 16 * 1024
MAX_CREATE_BODY = 48 * 1024  # a room's options may carry a custom deck (at most 32 KiB itself)
STATUS = {"not_found": 404, "forbidden": 403, "stale": 409, "illegal": 409, "bad_request": 400,
          "rate_limited": 429, "too_many": 429, "busy": 503}

# a data option (Pirámide's custom deck) is a JSON object; the game validates it
OptionValue = bool | int | str | dict[str, Any]


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"]
    bot: Optional[str] = Field(None, max_length=40)
    name: Optional[str] = Field(None, max_length=40)
    invite: bool = False  # a person's seat only its invitation opens, in a public room too


class CreateRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=24)
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    private: bool = False
    name: Optional[str] = Field(None, max_length=40)
    seat: Optional[int] = Field(0, ge=0, le=7)
    rated: bool = False  # its end changes the ratings: every person signed in, every bot a rated level


class SeatProof(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=7)
    token: str = Field(max_length=128)


class BotsFor(BaseModel):
    """The lobby asks which bots a game can seat, with these options and this many players."""
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=24)
    players: int = Field(ge=1, le=8)


class Lesson(BaseModel):
    """A Learn to play lesson: its number and the moves tapped so far (each checked against the lesson)."""
    model_config = ConfigDict(extra="forbid")
    lesson: int = Field(ge=0, le=50)
    taken: list[str] = Field(default_factory=list, max_length=24)
    lang: Literal["en", "es"] = "en"


class Claim(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=7)
    name: Optional[str] = Field(None, max_length=40)
    invite: Optional[str] = Field(None, max_length=64)


def printable(text: str) -> str:
    """Text that can always be sent: a lone surrogate (from a client's JSON, echoed in a message) as U+FFFD."""
    return text.encode("utf-8", "replace").decode("utf-8") if isinstance(text, str) else text


def error_response(code: str, message, status: int | None = None) -> JSONResponse:
    said = {lang: printable(text) for lang, text in message.to_json().items()}
    response = JSONResponse({"error": {"code": code, "message": said}}, status_code=status or STATUS.get(code, 400))
    secure(response)
    return response


def secure(response) -> None:
    """The security headers, on every answer (refusals made before the app's routes included)."""
    for key, value in SECURITY_HEADERS.items():
        response.headers.setdefault(key, value)


def client_of(request: Request | WebSocket) -> str:
    """Who is asking, for the rate limits and caps: the connection's address (the client's as a
    proxy named by `ludoteca serve --trusted-proxies` forwards it; no other is believed)."""
    return request.client.host if request.client else "?"


def create_app(db_url: str = "ludoteca.db", bot_delay: float = 0.5, takeover_after: float = 120.0,
               takeover_check: float = 5.0, takeover_bot: str = "medium", seeds=None,
               limits: WebLimits | None = None, bot_mode: str = "process",
               broker=None, external_bots: bool = False, cluster_every: float = 2.0,
               evict_after: float = 600.0, evict_every: float = 5.0, clock=None, notifier=None,
               deadline_every: float = 1.0, deadline_lease: float = 30.0, mail=None, mail_every: float = 5.0) -> FastAPI:
    """`seeds`: a function giving each new room's seed (tests only; by default a secret random one).
    `bot_mode`: "process" (bots think in worker processes) or "thread" (bots registered only in
    this process, as some tests do).
    `broker`: None (this process alone serves its rooms), or a broker (`broker.make_broker`) or its
    URL (redis://...): then any number of processes serve the same database (`cluster`).
    `external_bots`: bots are played by `ludoteca bots` workers, not in this process.
    `evict_after`: seconds after which a room without connections or pending moves leaves memory.
    `clock`: the time source of deadlines and clocks (`clock.SystemClock`; tests a `ManualClock`).
    `notifier`: who tells players away from the page (`notifier.Notifier`; by default nobody).
    `deadline_every`, `deadline_lease`: how often this process claims due deadlines, and how long a
    claim holds before another process may take it over (`deadlines.Scheduler`).
    `mail`: the host's outgoing mail server (`mail.MailSettings`), or None: no mail is sent; with it,
    `app.state.mail_notifier` records the mails (the rooms' notifier, unless `notifier` names another) and
    a sender task sends them every `mail_every` seconds."""
    limits = limits or WebLimits()
    limits.check()
    service = RoomService(make_sessions(make_engine(db_url)), takeover_bot=takeover_bot, seeds=seeds, limits=limits)
    service.bot_delay = bot_delay
    service.turns = Keeper(clock, notifier)
    service.evict_after = evict_after  # rooms idle this long leave memory (finished ones sooner); loaded when asked for
    service.evict_finished_after = min(evict_after, service.evict_finished_after)
    rates = limits.rates()
    hub = Hub(service, bot_delay=bot_delay, takeover_after=takeover_after, rates=rates,
              pool=BotPool(limits.bot_workers, mode=bot_mode, per_owner=limits.bot_jobs_per_network))
    hub.external_bots = external_bots
    scheduler = Scheduler(hub, every=deadline_every, lease=deadline_lease)
    cluster = None
    if broker is not None:
        from .broker import make_broker
        from .cluster import Cluster

        cluster = Cluster(hub, make_broker(broker) if isinstance(broker, str) else broker, every=cluster_every)
        shared = getattr(cluster.broker, "url", None)
        if shared:  # a client's rates count on every process alike: the limits library's Redis storage
            from limits.storage import storage_from_string
            from limits.strategies import MovingWindowRateLimiter

            rates.storage = storage_from_string(shared)
            rates.limiter = MovingWindowRateLimiter(rates.storage)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        service.resume()
        if cluster is not None:
            await cluster.start()
        if not external_bots:
            hub.pool.warm()
        hub.kick_all()
        checker = asyncio.get_running_loop().create_task(hub.takeover_loop(takeover_check))
        evictor = asyncio.get_running_loop().create_task(hub.eviction_loop(evict_every))
        expiry = asyncio.get_running_loop().create_task(expiry_loop(min(60.0, max(0.5, limits.open_room_ttl / 4))))
        deadlines = asyncio.get_running_loop().create_task(scheduler.loop())
        mailer = asyncio.get_running_loop().create_task(app.state.mail_sender.run(mail_every)) if app.state.mail_sender else None
        yield
        if mailer is not None:
            mailer.cancel()
        deadlines.cancel()
        checker.cancel()
        evictor.cancel()
        expiry.cancel()
        if cluster is not None:
            await cluster.stop()
        for task in hub.drivers.values():
            task.cancel()
        await asyncio.to_thread(hub.pool.close, True)  # workers gone before the server is

    async def expiry_loop(every: float) -> None:
        """Open rooms nobody joined in time are closed (`RoomService.expire_open_rooms`); their
        watchers are told so, in one line, and let go."""
        while True:
            await asyncio.sleep(every)
            try:
                for room_id in service.expire_open_rooms():
                    for conn in list(hub.connections.pop(room_id, ())):
                        hub.enqueue(conn, {"type": "error", "code": "not_found", "version": None, "message": T(
                            "this room waited too long for its players and was closed",
                            "esta sala esperó demasiado a sus jugadores y se cerró").to_json()})
                        hub.drop(conn)
                    hub.states.pop(room_id, None)
            except Exception as exc:  # a database hiccup: the next round tries again
                log.error("closing expired rooms failed: %s: %s", type(exc).__name__, str(exc).splitlines()[0][:200] if str(exc) else "")

    app = FastAPI(title="ludoteca", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.service, app.state.hub, app.state.rates, app.state.limits = service, hub, rates, limits
    app.state.cluster = cluster
    app.state.scheduler = scheduler
    replays = app.state.replays = Replays(service)
    accounts = install_accounts(app, service.sessions, rates, STATIC, client_of, service, hub)
    install_ratings(app, service.sessions, STATIC)
    install_profiles(app, service, accounts, STATIC, ACCOUNT_COOKIE, origin_refusal)
    app.state.mailbox, app.state.mail_notifier = install_mail(app, service.sessions, accounts, rates, STATIC, ACCOUNT_COOKIE,
                                                              origin_refusal, mail, service.turns.clock.now)
    if notifier is None and app.state.mail_notifier is not None:
        service.turns.notifier = app.state.mail_notifier  # the rooms tell players by mail
    install_seat_here(app, service, hub, accounts, rates, ACCOUNT_COOKIE, origin_refusal, client_of)
    app.state.mail_sender = Sender(app.state.mailbox, app.state.mail_notifier, mail) if mail is not None else None

    def signed(request: Request):
        return accounts.session_account(request.cookies.get(ACCOUNT_COOKIE))

    def link(request: Request, room_id: str, seat: int | None) -> None:
        """A seat taken by a signed-in person is their account's at once."""
        account = signed(request) if seat is not None else None
        if account is not None:
            accounts.link_seat(account.id, room_id, seat)

    async def limits_and_headers(scope, receive, send, inner) -> None:
        """Every HTTP request: another site's posts refused, a body's length required and bounded, an
        unexpected failure one JSON line (never a traceback), the security headers on every answer. A
        plain ASGI wrapper: Starlette's `@app.middleware("http")` cost about half of a kept replay
        step's CPU (a task and streams per request), which a flood of cheap requests multiplies."""
        request = Request(scope)
        refused = None
        if (refusal := origin_refusal(request)) is not None:  # another site's page posting here
            refused = error_response("forbidden", refusal)
        elif request.method in ("POST", "PUT", "PATCH"):
            length = request.headers.get("content-length")
            if length is None or not length.isdigit():
                refused = error_response("bad_request", T("a request body needs a length", "el cuerpo de la petición necesita una longitud"), 411)
            elif int(length) > (MAX_CREATE_BODY if scope["path"] == "/api/rooms" else MAX_BODY):
                refused = error_response("bad_request", T("request too large", "petición demasiado grande"), 413)
        if refused is not None:
            await refused(scope, receive, send)
            return
        started = False

        async def secured(message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = MutableHeaders(scope=message)
                for key, value in SECURITY_HEADERS.items():
                    headers.setdefault(key, value)
            await send(message)

        try:
            await inner(scope, receive, secured)
        except Exception as exc:  # a bug or a corrupt row: one clear error and one log line, never a traceback
            log.error("%s %s failed: %s: %s", request.method, scope["path"][:80], type(exc).__name__,
                      str(exc).splitlines()[0][:200] if str(exc) else "")
            if not started:  # else the answer is cut where it stopped
                await error_response("server_error", T("the server could not answer that: it has been logged",
                                                       "el servidor no pudo responder a eso: queda registrado"), 500)(scope, receive, send)

    class Guarded:
        def __init__(self, inner):
            self.inner = inner

        async def __call__(self, scope, receive, send) -> None:
            if scope["type"] != "http":
                await self.inner(scope, receive, send)
            else:
                await limits_and_headers(scope, receive, send, self.inner)

    app.add_middleware(Guarded)

    @app.exception_handler(RoomError)
    async def room_error(_request: Request, exc: RoomError):
        response = error_response(exc.code, exc.message)
        if isinstance(exc, RateLimited):
            response.headers["retry-after"] = str(exc.retry_after)
        return response

    @app.exception_handler(LudotecaError)
    async def ludoteca_error(_request: Request, exc: LudotecaError):
        return error_response("bad_request", exc.message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException):
        # FastAPI's own refusals (a body that is not JSON, nested too deeply...) in our bilingual shape
        said = {400: T("the request body is not valid JSON", "el cuerpo de la petición no es JSON válido"),
                404: T("not found", "no encontrado"), 405: T("method not allowed", "método no permitido")}
        message = said.get(exc.status_code, T(str(exc.detail), str(exc.detail)))
        code = "not_found" if exc.status_code == 404 else "bad_request"
        return error_response(code, message, exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        return error_response("bad_request", invalid_request(request.url.path, list(exc.errors())), 422)

    # --- pages -------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return FileResponse(STATIC / "index.html")

    @app.get("/room/{room_id}", include_in_schema=False)
    async def room_page(room_id: str):
        return FileResponse(STATIC / "room.html")

    @app.get("/replay/{room_id}", include_in_schema=False)
    async def replay_page(room_id: str):
        return FileResponse(STATIC / "replay.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str):
        lobby.known_game(game)  # a stable address per game; any other is not found
        return FileResponse(STATIC / "rules.html")

    @app.get("/learn/{game}", include_in_schema=False)
    async def learn_page(game: str):
        if not learn.has_tutorial(game):
            raise RoomError("not_found", T("this game has no lessons yet", "este juego aún no tiene lecciones"))
        return FileResponse(STATIC / "learn.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/games/{game}/board.js", include_in_schema=False)
    async def game_board(game: str):
        """The board module a game's plug-in declares (lobby.board_file): any other is not found."""
        path = lobby.board_file(game)
        if path is None:
            raise RoomError("not_found", T("this game has no board of its own", "este juego no tiene tablero propio"))
        return FileResponse(path, media_type="text/javascript")

    # --- API ---------------------------------------------------------------------------------
    async def read_allowed(request: Request) -> None:
        """The lobby's and a room's reads are limited per client too (rule "read")."""
        client = client_of(request)
        if not await hub.allowed("read", client):
            raise RateLimited("read", max(1.0, rates.retry_after("read", client)))

    async def check_rate(rule: str, client: str) -> None:
        """`rates.check`, off the event loop when the count is shared (a Redis round trip)."""
        if rates.shared:
            await asyncio.to_thread(rates.check, rule, client)
        else:
            rates.check(rule, client)

    @app.get("/api/games")
    async def games(request: Request) -> dict[str, Any]:
        await read_allowed(request)
        # each card carries its rated levels' fixed ratings ("hard ≈ 1,840") for the lobby
        cards = [lobby.game_card(name) | {"bot_ratings": bot_ratings(name)} for name in game_names()]
        return {"games": cards, "bots": bot_choices()}

    @app.get("/api/games/{game}/picture")
    async def game_picture(game: str) -> dict[str, Any]:
        lobby.known_game(game)
        return await asyncio.to_thread(lobby.picture, game)  # played once per game, then cached

    @app.get("/api/games/{game}/rules")
    async def game_rules(game: str, lang: str = "en") -> dict[str, Any]:
        return lobby.rules(game, "es" if lang == "es" else "en")

    @app.post("/api/learn/{game}")
    async def lesson(game: str, body: Lesson) -> dict[str, Any]:
        if any(len(notation) > 60 for notation in body.taken):
            raise RoomError("bad_request", T("a move is at most 60 characters", "una jugada tiene como mucho 60 caracteres"))
        return learn.lesson_answer(game, body.lesson, body.taken, body.lang)

    @app.post("/api/bots")
    async def seatable_bots(body: BotsFor) -> dict[str, Any]:
        return lobby.seatable(body.game, body.options, body.players)

    @app.get("/api/rooms")
    async def rooms(request: Request, status: Optional[Literal["open", "running", "finished"]] = None,
                    offset: int = Query(0, ge=0, le=10**6), limit: Optional[int] = Query(None, ge=1),
                    before: Optional[str] = Query(None, max_length=80)) -> dict[str, Any]:
        await read_allowed(request)
        # plain JSON data already: straight to JSON (FastAPI's encoder walk costs as much as the page's SQL)
        return JSONResponse(service.listing(hub.connected_map(), status, offset, limit, before))

    @app.post("/api/rooms")
    async def create(request: Request, body: CreateRoom) -> dict[str, Any]:
        client = client_of(request)
        await check_rate("create", client)
        if body.rated and (body.seat is None or signed(request) is None):
            raise RoomError("forbidden", T("sign in to create a rated game", "entra en tu cuenta para crear una partida puntuable"))
        room, secret = service.create(body.game, body.options, [s.model_dump() for s in body.seats], body.private,
                                      creator={"seat": body.seat, "name": body.name} if body.seat is not None else None,
                                      client=client, rated=body.rated)
        hub.kick(room)
        if body.seat is not None and body.seat < len(room.seats) and room.seats[body.seat].kind == "human":
            link(request, room.id, body.seat)
        return {"room": room.public(), **secret}

    @app.get("/api/rooms/{room_id}")
    async def room_info(request: Request, room_id: str) -> dict[str, Any]:
        await read_allowed(request)
        room = service.rooms.get(room_id)
        if room is not None:
            if service.cluster:
                room = service.get(room_id)  # brought up to the stored one
            shown = room.public(hub.connected_seats(room.id))
            shown["again"] = offered(service, room.id) if room.status == "finished" else None  # play again: the new room
            return shown
        if len(room_id) > 32 or room_id in service.broken:  # read from its rows: naming a room never loads its game into memory
            raise RoomError("not_found", T("no such room", "no existe esa sala"))
        try:
            public = store.public_of_stored(service, room_id, hub.connected_seats(room_id))
        except ValueError as exc:
            log.error("room %r cannot be read: %s", room_id, str(exc)[:200])
            public = None
        if public is None:
            raise RoomError("not_found", T("no such room", "no existe esa sala"))
        public["again"] = offered(service, room_id) if public.get("status") == "finished" else None
        return public

    @app.post("/api/rooms/{room_id}/claim")
    async def claim(request: Request, room_id: str, body: Claim) -> dict[str, Any]:
        await check_rate("claim", client_of(request))  # every try counts: invitation guesses are slowed down
        room = service.get(room_id)
        if room.rated and signed(request) is None:
            raise RoomError("forbidden", T("this game is rated: sign in to take a seat", "esta partida es puntuable: entra en tu cuenta para sentarte"))
        async with hub.lock(room.id):
            token = service.claim(room.id, body.seat, body.name, body.invite)
            hub.broadcast(room)
        hub.kick(room)
        link(request, room.id, body.seat)
        return {"seat": body.seat, "token": token}

    @app.post("/api/rooms/{room_id}/resign")
    async def resign(request: Request, room_id: str, body: SeatProof) -> dict[str, Any]:
        """A person gives up (their seat's token proves it is theirs); everyone is told by the room's state."""
        await check_rate("claim", client_of(request))  # a token guess counts as a claim's would
        room = service.get(room_id)
        async with hub.lock(room.id):
            seat = service.check_token(room, body.seat, body.token)
            service.resign(room, seat)
            hub.broadcast(room)
        hub.kick(room)  # a bot may now play the seat
        return {"resigned": seat, "room": room.public(hub.connected_seats(room.id))}

    @app.post("/api/rooms/{room_id}/again")
    async def again(request: Request, room_id: str, body: SeatProof) -> dict[str, Any]:
        """Play again: offer (or accept) the same table, seats rotated; returns the new room and this seat's token."""
        client = client_of(request)
        await check_rate("claim", client)
        room = service.get(room_id)
        seat = service.check_token(room, body.seat, body.token)
        if room.rated and signed(request) is None:
            raise RoomError("forbidden", T("this game is rated: sign in to take a seat", "esta partida es puntuable: entra en tu cuenta para sentarte"))
        async with hub.lock(room.id):
            new, mine, token = play_again(service, room, seat, client=client)
        link(request, new.id, mine)
        hub.broadcast(room)  # the old table's pages learn of the offer from their state message
        hub.broadcast(new)
        hub.kick(new)
        return {"room": new.public(hub.connected_seats(new.id)), "seat": mine, "token": token}

    def finished(room_id: str):
        room = service.get(room_id)
        if room.status != "finished":  # over, or stopped at the move cap
            raise RoomError("forbidden", T("records and replays open when the game is over", "los registros y repeticiones se abren al terminar la partida"))
        return room

    @app.get("/api/rooms/{room_id}/record")
    async def record(request: Request, room_id: str) -> dict[str, Any]:
        await check_rate("replay", client_of(request))
        room = finished(room_id)
        rec = room.match.record()
        rec.players = [{"name": room.shown_name(i) or f"P{i + 1}", "kind": s.bot if s.kind == "bot" else "human"}  # records' own mark
                       for i, s in enumerate(room.seats)]
        return rec.to_json()

    @app.get("/api/rooms/{room_id}/replay")
    async def replay_step(request: Request, room_id: str, step: int = Query(0, ge=-10**9, le=10**9), lang: str = "en",
                          log_from: Optional[int] = Query(None, ge=0, le=10**9)) -> dict[str, Any]:
        await check_rate("replay", client_of(request))  # each step is cheap (`replays`), a flood of them still is not
        room = finished(room_id)
        lang = "es" if lang == "es" else "en"
        held = replays.kept(room, step, lang, log_from)
        if held is None:  # built in a thread: a step's replay and encoding never stop the event loop
            try:
                held = await asyncio.to_thread(replays.answer, room, step, lang, log_from, room.public())
            except BrokenReplay as exc:  # a corrupt row: one log line for the room, one clear answer per request
                if not exc.again:
                    log.error("the replay of room %s cannot be built (a corrupt row): %s", room.id, exc.why)
                return error_response("server_error", T("the server could not answer that: it has been logged",
                                                        "el servidor no pudo responder a eso: queda registrado"), 500)
        return Response(held, media_type="application/json")

    @app.get("/api/rooms/{room_id}/replay/log")
    async def replay_log(request: Request, room_id: str, before: int = Query(..., ge=0, le=10**9), lang: str = "en") -> dict[str, Any]:
        """A page of a finished game's log (the replay page's earlier moves): at most `replays.page`
        lines just before line `before`, as a spectator saw them."""
        await check_rate("replay", client_of(request))
        room = finished(room_id)
        page = await asyncio.to_thread(replays.log_page, room, before, "es" if lang == "es" else "en")
        return Response(page, media_type="application/json")

    @app.websocket("/ws/{room_id}")
    async def live(ws: WebSocket, room_id: str):
        await hub.serve(ws, room_id)

    return app
