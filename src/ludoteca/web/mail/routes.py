"""The mail's HTTP side. Signed in: `GET /api/account/mail` (the address and wishes; `enabled`
false where the host sends no mail), `POST /api/account/mail` `{address, lang}` (a link to confirm
is mailed to it), `POST /api/account/mail/wishes` `{turn, digest, reminder, result, lang}`,
`POST /api/account/mail/forget`. No sign-in, a token is the proof: `POST /api/mail/confirm {token}`,
`POST /api/mail/unsubscribe?t=` (RFC 8058's one-click POST, from a mail program) or `{token}` (the
page), `POST /api/mail/resubscribe {token}` (undo). Pages: `/mail/confirm#t=` and
`/mail/unsubscribe#t=` (the token after `#` never reaches a server log), which post it from the page
(a link checker that opens links without running pages changes nothing)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Literal

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from ...engine import T
from ..errors import RoomError
from .outbox import Mailbox, MailNotifier
from .settings import MailSettings

GIVE_RATE = "5/hour;20/day"  # confirmation mails one account may ask for (no one mails a stranger much)


class GiveAddress(BaseModel):
    model_config = ConfigDict(extra="forbid")
    address: str = Field(max_length=300)
    lang: Literal["en", "es"] = "en"


class Wishes(BaseModel):
    model_config = ConfigDict(extra="forbid")
    turn: bool | None = None
    digest: bool | None = None
    reminder: bool | None = None
    result: bool | None = None
    lang: Literal["en", "es"] | None = None


class TokenBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=200)


def install_mail(app: FastAPI, sessions, accounts, rates, static, cookie: str, origin_refusal, settings: MailSettings | None,
                 clock: Callable[[], float]) -> tuple[Mailbox, MailNotifier | None]:
    box = Mailbox(sessions, settings, clock)
    notifier = MailNotifier(box) if settings is not None else None
    if "mail_give" not in rates.rules:
        rates.add("mail_give", GIVE_RATE)

    def signed_in(request: Request):
        if (refusal := origin_refusal(request, required=True)) is not None:
            raise RoomError("forbidden", refusal)
        account = accounts.session_account(request.cookies.get(cookie))
        if account is None:
            raise RoomError("forbidden", T("you are not signed in", "no has iniciado sesión"))
        return account

    @app.get("/mail/confirm", include_in_schema=False)
    async def confirm_page():
        return FileResponse(static / "mail.html")

    @app.get("/mail/unsubscribe", include_in_schema=False)
    async def unsubscribe_page():
        return FileResponse(static / "mail.html")

    @app.get("/api/account/mail")
    async def my_mail(request: Request) -> dict[str, Any]:
        account = accounts.session_account(request.cookies.get(cookie))
        if account is None:
            raise RoomError("forbidden", T("you are not signed in", "no has iniciado sesión"))
        return await asyncio.to_thread(box.of, account.id)

    @app.post("/api/account/mail")
    async def give(request: Request, body: GiveAddress) -> dict[str, Any]:
        account = signed_in(request)
        if not box.enabled:
            raise box.no_mail()
        box.checked(body.address)  # a wrong address is told as such, and costs no try
        rates.check("mail_give", f"account:{account.id}")
        return await asyncio.to_thread(box.give_address, account, body.address, body.lang)

    @app.post("/api/account/mail/wishes")
    async def wishes(request: Request, body: Wishes) -> dict[str, Any]:
        account = signed_in(request)
        return await asyncio.to_thread(box.set_wishes, account.id, body.model_dump())

    @app.post("/api/account/mail/forget")
    async def forget(request: Request) -> dict[str, Any]:
        account = signed_in(request)
        await asyncio.to_thread(box.forget, account.id)
        return await asyncio.to_thread(box.of, account.id)

    @app.post("/api/mail/confirm")
    async def confirm(body: TokenBody) -> dict[str, Any]:
        return await asyncio.to_thread(box.confirm, body.token)

    @app.post("/api/mail/unsubscribe")
    async def unsubscribe(request: Request, t: str | None = None) -> dict[str, Any]:
        token = t
        if token is None and request.headers.get("content-type", "").startswith("application/json"):
            token = TokenBody.model_validate(await request.json()).token
        if token is None:
            raise RoomError("bad_request", T("this request needs its link's token", "esta petición necesita el código de su enlace"))
        return await asyncio.to_thread(box.unsubscribe, token)

    @app.post("/api/mail/resubscribe")
    async def resubscribe(body: TokenBody) -> dict[str, Any]:
        return await asyncio.to_thread(box.unsubscribe, body.token, True)

    return box, notifier
