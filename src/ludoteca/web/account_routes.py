"""The accounts' HTTP side: `/account` (the page) and `/api/account/...`.

The session cookie is HttpOnly, SameSite=Lax, Path=/, and Secure when the request came over HTTPS
(as uvicorn sees it: behind a proxy named by `--trusted-proxies`, its X-Forwarded-Proto). Every
state-changing request anywhere on the server is refused when its Origin is another site's
(`origin_refusal`, from the app's middleware); the account's own requests must carry an Origin at
all (a browser always sends one with a POST). Sign-ins are limited per address (rule "signin") and
per account name (rule "signin_account", and slowed after "signin_slow"), counted where the other
rate limits are (Redis when several processes serve).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import Any, Optional

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, select, update

from ..engine import T
from .accounts import CHALLENGE_SECONDS, Accounts, AccountRow, ChallengeRow, PasskeyRow, digest, name_key
from .errors import RoomError

COOKIE = "ludoteca_session"
SIGNIN_RATE = "20/minute;200/hour"  # per address: every sign-in try, right or wrong
SIGNIN_ACCOUNT_RATE = "10/15minute;40/day"  # per account name, from anywhere
SIGNIN_SLOW_RATE = "3/minute"  # per account name: past this, each try waits SLOW_SECONDS first
SLOW_SECONDS = 1.0
SIGNUP_RATE = "10/hour"  # accounts made per address
STATE_CHANGING = ("POST", "PUT", "PATCH", "DELETE")


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")
    room: str = Field(max_length=32)
    seat: int = Field(ge=0, le=7)
    token: str = Field(max_length=128)


class PasswordForm(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200)
    password: str = Field(max_length=1024)
    seats: list[SeatToken] = Field(default_factory=list, max_length=200)


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="forbid")
    old: Optional[str] = Field(None, max_length=1024)
    new: str = Field(max_length=1024)


class Claim(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[SeatToken] = Field(max_length=200)


class Confirm(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200)


class PasskeyStart(BaseModel):
    model_config = ConfigDict(extra="forbid")
    purpose: str = Field(pattern="^(signup|add|signin)$")
    name: Optional[str] = Field(None, max_length=200)


class PasskeyFinish(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ceremony: str = Field(max_length=128)
    credential: dict[str, Any]
    seats: list[SeatToken] = Field(default_factory=list, max_length=200)


def own_origin(request: Request) -> str:
    return f"{request.url.scheme}://{request.headers.get('host', '')}"


def origin_refusal(request: Request, required: bool = False):
    """A refusal (JSONResponse) for a state-changing request from another site, else None."""
    if request.method not in STATE_CHANGING:
        return None
    origin = request.headers.get("origin")
    fetch_site = request.headers.get("sec-fetch-site")
    if origin is None:
        if fetch_site in ("cross-site", "same-site") or required:
            return T("this request must come from this site's own pages", "esta petición debe venir de las páginas de este sitio")
        return None
    if origin != own_origin(request):
        return T("a request from another site is refused", "se rechaza una petición desde otro sitio")
    return None


def install(app: FastAPI, engine_sessions, rates, static, client_of, service, hub) -> Accounts:
    accounts = Accounts(engine_sessions)
    app.state.accounts = accounts
    for rule, rate in (("signin", SIGNIN_RATE), ("signin_account", SIGNIN_ACCOUNT_RATE), ("signin_slow", SIGNIN_SLOW_RATE),
                       ("signup", SIGNUP_RATE)):
        if rule not in rates.rules:
            rates.add(rule, rate)

    def token_of(request: Request) -> str | None:
        return request.cookies.get(COOKIE)

    def me(request: Request) -> AccountRow | None:
        return accounts.session_account(token_of(request))

    def signed_in(request: Request) -> AccountRow:
        if (refusal := origin_refusal(request, required=True)) is not None:
            raise RoomError("forbidden", refusal)
        account = me(request)
        if account is None:
            raise RoomError("forbidden", T("you are not signed in", "no has iniciado sesión"))
        return account

    def public(account: AccountRow) -> dict[str, Any]:
        return {"name": account.name, "private": account.private, "password": account.password_hash is not None,
                "passkeys": accounts.passkey_count(account.id)}

    def start_session(request: Request, account: AccountRow, seats: list[SeatToken], status: int = 200) -> JSONResponse:
        token = accounts.new_session(account.id, replacing=token_of(request))
        claimed = accounts.claim_seats(account.id, [s.model_dump() for s in seats])
        response = JSONResponse({"account": public(account), "claimed": claimed}, status_code=status)
        response.set_cookie(COOKIE, token, max_age=30 * 86400, path="/", httponly=True, samesite="lax",
                            secure=request.url.scheme == "https")
        return response

    def ended(payload: dict[str, Any]) -> JSONResponse:
        response = JSONResponse(payload)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return response

    async def limited_sign_in(request: Request, name: Any) -> None:
        """Per address, then per account name (slowed first, then refused): a guesser is held back
        whichever names or addresses they spread their tries over."""
        if (refusal := origin_refusal(request, required=True)) is not None:
            raise RoomError("forbidden", refusal)
        rates.check("signin", client_of(request))
        key = "name:" + (name_key(name) if isinstance(name, str) else "")
        rates.check("signin_account", key)
        if not rates.allow("signin_slow", key):
            await asyncio.sleep(SLOW_SECONDS)

    # --- pages ------------------------------------------------------------------------------
    @app.get("/account", include_in_schema=False)
    async def account_page():
        return FileResponse(static / "account.html")

    # --- password ---------------------------------------------------------------------------
    @app.get("/api/account")
    async def whoami(request: Request) -> dict[str, Any]:
        account = await asyncio.to_thread(me, request)
        return {"account": None if account is None else public(account)}

    @app.post("/api/account/signup")
    async def signup(request: Request, body: PasswordForm):
        if (refusal := origin_refusal(request, required=True)) is not None:
            raise RoomError("forbidden", refusal)
        rates.check("signup", client_of(request))
        account = await asyncio.to_thread(accounts.create, body.name, body.password)
        return start_session(request, account, body.seats, 201)

    @app.post("/api/account/signin")
    async def signin(request: Request, body: PasswordForm):
        await limited_sign_in(request, body.name)
        account = await asyncio.to_thread(accounts.password_sign_in, body.name, body.password)
        return start_session(request, account, body.seats)

    @app.post("/api/account/signout")
    async def signout(request: Request):
        if (refusal := origin_refusal(request, required=True)) is not None:
            raise RoomError("forbidden", refusal)
        accounts.end_session(token_of(request))
        return ended({"signed_out": 1})

    @app.post("/api/account/signout-everywhere")
    async def signout_everywhere(request: Request):
        account = signed_in(request)
        return ended({"signed_out": accounts.end_all_sessions(account.id)})

    @app.post("/api/account/password")
    async def change_password(request: Request, body: NewPassword) -> dict[str, Any]:
        account = signed_in(request)
        await asyncio.to_thread(accounts.set_password, account.id, body.old, body.new)
        return {"account": public(accounts.by_id(account.id))}

    @app.post("/api/account/claim")
    async def claim(request: Request, body: Claim) -> dict[str, Any]:
        account = signed_in(request)
        rates.check("claim", client_of(request))
        return {"claimed": accounts.claim_seats(account.id, [s.model_dump() for s in body.seats])}

    @app.get("/api/account/data")
    async def my_data(request: Request):
        account = me(request)
        if account is None:
            raise RoomError("forbidden", T("you are not signed in", "no has iniciado sesión"))
        response = JSONResponse(accounts.data_of(account.id))
        response.headers["content-disposition"] = 'attachment; filename="ludoteca-my-data.json"'
        return response

    @app.post("/api/account/delete")
    async def delete_account(request: Request, body: Confirm):
        account = signed_in(request)
        if name_key(body.name) != account.name_key:
            raise RoomError("bad_request", T("type your name exactly to delete your account", "escribe tu nombre exacto para borrar tu cuenta"))
        for room_id in accounts.delete(account.id):
            room = service.rooms.get(room_id)
            if room is not None:
                from . import store

                store.sync(service, room)
                hub.broadcast(room)
        return ended({"deleted": True})

    # --- passkeys ---------------------------------------------------------------------------
    def rp(request: Request) -> tuple[str, str]:
        return request.url.hostname or "localhost", own_origin(request)

    @app.post("/api/account/passkey/start")
    async def passkey_start(request: Request, body: PasskeyStart) -> dict[str, Any]:
        from webauthn import generate_authentication_options, generate_registration_options, options_to_json
        from webauthn.helpers import bytes_to_base64url
        from webauthn.helpers.structs import (AuthenticatorSelectionCriteria, PublicKeyCredentialDescriptor,
                                              ResidentKeyRequirement, UserVerificationRequirement)

        if (refusal := origin_refusal(request, required=True)) is not None:
            raise RoomError("forbidden", refusal)
        rp_id, _origin = rp(request)
        ceremony = secrets.token_urlsafe(32)
        row = ChallengeRow(id_hash=digest(ceremony), purpose=body.purpose, expires=time.time() + CHALLENGE_SECONDS, challenge="")
        selection = AuthenticatorSelectionCriteria(resident_key=ResidentKeyRequirement.REQUIRED,
                                                   user_verification=UserVerificationRequirement.PREFERRED)
        if body.purpose == "signin":
            rates.check("signin", client_of(request))
            options = generate_authentication_options(rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED)
        elif body.purpose == "signup":
            rates.check("signup", client_of(request))
            name = accounts.name_free(body.name)
            row.name, row.user_handle = name, secrets.token_urlsafe(32)
            options = generate_registration_options(rp_id=rp_id, rp_name="ludoteca", user_name=name, user_display_name=name,
                                                    user_id=row.user_handle.encode(), authenticator_selection=selection)
        else:
            account = signed_in(request)
            with accounts.sessions() as db:
                have = db.scalars(select(PasskeyRow.credential_id).where(PasskeyRow.account_id == account.id)).all()
            from webauthn import base64url_to_bytes

            row.account_id, row.user_handle = account.id, account.user_handle
            options = generate_registration_options(
                rp_id=rp_id, rp_name="ludoteca", user_name=account.name, user_display_name=account.name,
                user_id=account.user_handle.encode(), authenticator_selection=selection,
                exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in have])
        row.challenge = bytes_to_base64url(options.challenge)
        with accounts.sessions.begin() as db:
            db.add(row)
        return {"ceremony": ceremony, "purpose": body.purpose, "options": json.loads(options_to_json(options))}

    @app.post("/api/account/passkey/finish")
    async def passkey_finish(request: Request, body: PasskeyFinish):
        from webauthn import base64url_to_bytes, verify_authentication_response, verify_registration_response
        from webauthn.helpers import bytes_to_base64url
        from webauthn.helpers.exceptions import WebAuthnException

        if (refusal := origin_refusal(request, required=True)) is not None:
            raise RoomError("forbidden", refusal)
        rp_id, origin = rp(request)
        with accounts.sessions.begin() as db:  # single use: taken and removed at once
            row = db.get(ChallengeRow, digest(body.ceremony))
            if row is not None:
                db.execute(delete(ChallengeRow).where(ChallengeRow.id_hash == row.id_hash))
        if row is None or row.expires < time.time():
            raise RoomError("forbidden", T("that passkey request expired: try again", "esa petición de llave de acceso caducó: inténtalo otra vez"))
        refused = T("the passkey was not accepted", "no se aceptó la llave de acceso")
        try:
            if row.purpose == "signin":
                rates.check("signin", client_of(request))
                credential_id = body.credential.get("id") if isinstance(body.credential.get("id"), str) else ""
                with accounts.sessions() as db:
                    key = db.get(PasskeyRow, credential_id[:1400])
                if key is None:
                    raise RoomError("forbidden", refused)
                verified = verify_authentication_response(
                    credential=body.credential, expected_challenge=base64url_to_bytes(row.challenge), expected_rp_id=rp_id,
                    expected_origin=origin, credential_public_key=base64url_to_bytes(key.public_key),
                    credential_current_sign_count=key.sign_count)
                with accounts.sessions.begin() as db:
                    db.execute(update(PasskeyRow).where(PasskeyRow.credential_id == key.credential_id)
                               .values(sign_count=verified.new_sign_count, last_used=time.time()))
                return start_session(request, accounts.by_id(key.account_id), body.seats)
            verified = verify_registration_response(credential=body.credential, expected_challenge=base64url_to_bytes(row.challenge),
                                                    expected_rp_id=rp_id, expected_origin=origin)
        except WebAuthnException:
            raise RoomError("forbidden", refused) from None
        except (ValueError, KeyError, TypeError):
            raise RoomError("bad_request", T("that is not a passkey answer", "eso no es una respuesta de llave de acceso")) from None
        if row.purpose == "add":
            account = signed_in(request)
            if account.id != row.account_id:
                raise RoomError("forbidden", refused)
        else:
            account = await asyncio.to_thread(accounts.create, row.name, None, row.user_handle)
        key = PasskeyRow(credential_id=bytes_to_base64url(verified.credential_id), account_id=account.id,
                         public_key=bytes_to_base64url(verified.credential_public_key), sign_count=verified.sign_count,
                         created=time.time())
        try:
            with accounts.sessions.begin() as db:
                db.add(key)
        except Exception:
            raise RoomError("stale", T("that passkey is already kept here", "esa llave de acceso ya está guardada aquí")) from None
        if row.purpose == "add":
            return JSONResponse({"account": public(account)})
        return start_session(request, account, body.seats, 201)

    return accounts



def install_ratings(app: FastAPI, sessions, static) -> None:
    """`/leaderboard/<game>` (the page) and `/api/leaderboard/<game>` (one page of it, best first)."""
    from fastapi import Query

    from ..engine import game_names
    from .ratings import leaderboard

    def known(game: str) -> str:
        if game not in game_names():
            raise RoomError("not_found", T("no such game", "no existe ese juego"))
        return game

    @app.get("/leaderboard/{game}", include_in_schema=False)
    async def leaderboard_page(game: str):
        known(game)
        return FileResponse(static / "leaderboard.html")

    @app.get("/api/leaderboard/{game}")
    async def leaderboard_api(game: str, limit: int = Query(50, ge=1, le=100), before: Optional[str] = Query(None, max_length=80)):
        return JSONResponse(await asyncio.to_thread(leaderboard, sessions, known(game), limit, before))
