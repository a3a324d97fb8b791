"""The host's outgoing mail server, from `ludoteca serve --smtp URL --mail-from ADDRESS`.

`smtp://[user:password@]host[:port]` (port 587 by default): STARTTLS when the server offers it, plain
otherwise, and then a password is never sent (a server that asks for one must offer STARTTLS);
`smtps://...` (port 465): TLS from the first byte. `?cafile=PATH` trusts that certificate
authority as well as the system's (a host's own mail server with its own certificate)."""

from __future__ import annotations

import ssl
from dataclasses import dataclass, field
from email.headerregistry import Address
from urllib.parse import parse_qs, unquote, urlsplit

from ...engine import T


class MailSetupError(ValueError):
    """A bad --smtp or --mail-from; `message` (T) says what is wrong in one line."""

    def __init__(self, message: T):
        super().__init__(message.en)
        self.message = message


@dataclass
class MailSettings:
    host: str
    port: int
    tls: str  # "implicit" (smtps) | "starttls" (smtp: STARTTLS when offered)
    sender: str  # the From address
    public_url: str  # how players reach this site: every link in a mail starts with it
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    cafile: str | None = None
    timeout: float = 30.0

    def ssl_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context()
        if self.cafile:
            context.load_verify_locations(cafile=self.cafile)
        return context

    def shown(self) -> str:
        scheme = "smtps" if self.tls == "implicit" else "smtp"
        who = f"{self.user}:***@" if self.user else ""
        return f"{scheme}://{who}{self.host}:{self.port}"


def parse(url: str, sender: str | None, public_url: str) -> MailSettings:
    """The settings of `--smtp URL --mail-from ADDRESS`; raises MailSetupError naming what is wrong."""
    def wrong(en: str, es: str) -> MailSetupError:
        return MailSetupError(T(f"--smtp: {en}", f"--smtp: {es}"))

    if not isinstance(url, str) or not url or any(ord(c) < 33 for c in url):
        raise wrong("give it as smtp://user:password@host:port or smtps://...", "dalo como smtp://usuario:contraseña@servidor:puerto o smtps://...")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise wrong("the port is not a number between 1 and 65535", "el puerto no es un número entre 1 y 65535") from None
    if parts.scheme not in ("smtp", "smtps"):
        raise wrong(f"the address starts with smtp:// or smtps://, not {parts.scheme or 'nothing'}",
                    f"la dirección empieza por smtp:// o smtps://, no por {parts.scheme or 'nada'}")
    if not parts.hostname:
        raise wrong("no mail server named after smtp://", "no se nombra ningún servidor de correo tras smtp://")
    query = parse_qs(parts.query)
    unknown = set(query) - {"cafile"}
    if unknown:
        raise wrong(f"unknown option {min(unknown)} (only cafile)", f"opción desconocida {min(unknown)} (solo cafile)")
    cafile = query.get("cafile", [None])[0]
    if cafile is not None:
        try:
            ssl.create_default_context().load_verify_locations(cafile=cafile)
        except (OSError, ssl.SSLError):
            raise wrong("cafile is not a readable certificate file", "cafile no es un archivo de certificado legible") from None
    implicit = parts.scheme == "smtps"
    settings = MailSettings(host=parts.hostname, port=port or (465 if implicit else 587), tls="implicit" if implicit else "starttls",
                            sender="", public_url=public_url.rstrip("/"), cafile=cafile,
                            user=unquote(parts.username) if parts.username else None,
                            password=unquote(parts.password) if parts.password is not None else None)
    if settings.user and settings.password is None:
        raise wrong("a user needs a password (smtp://user:password@host)", "un usuario necesita contraseña (smtp://usuario:contraseña@servidor)")
    settings.sender = check_sender(sender)
    return settings


def check_sender(sender: str | None) -> str:
    if not sender:
        raise MailSetupError(T("--smtp needs --mail-from: the address mails come from (e.g. games@example.org)",
                               "--smtp necesita --mail-from: la dirección de la que salen los correos (p. ej. partidas@example.org)"))
    from .addresses import clean_address

    try:
        return clean_address(sender)
    except ValueError:
        raise MailSetupError(T(f"--mail-from: {sender[:80]!r} is not a mail address", f"--mail-from: {sender[:80]!r} no es una dirección de correo")) from None


def from_header(settings: MailSettings) -> Address:
    local, domain = settings.sender.rsplit("@", 1)
    return Address(display_name="ludoteca", username=local, domain=domain)
