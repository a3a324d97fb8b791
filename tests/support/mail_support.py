"""A real SMTP server for the mail tests (aiosmtpd, in a thread of the test): plain, STARTTLS or
implicit TLS with a throw-away certificate authority (trustme), optionally asking for a password,
optionally refusing the first mails with a temporary error. It keeps what it received."""

from __future__ import annotations

import email
import email.policy
import ssl
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

from web_support import free_port


@dataclass
class Received:
    sender: str
    recipients: list[str]
    message: email.message.EmailMessage
    raw: bytes
    tls: bool
    authenticated: str | None


@dataclass
class Catcher:
    refuse: int = 0  # the next this many mails are refused with 451 (try later)
    refuse_permanently: bool = False  # every recipient refused with 550
    mails: list[Received] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    refused: int = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.refuse_permanently:
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            if self.refuse > 0:
                self.refuse -= 1
                self.refused += 1
                return "451 4.3.0 busy, try again later"
            message = email.message_from_bytes(envelope.content, policy=email.policy.default)
            self.mails.append(Received(envelope.mail_from, list(envelope.rcpt_tos), message, envelope.content,
                                       session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None, getattr(session, "ludoteca_user", None)))
        return "250 OK"

    def wait(self, count: int, timeout: float = 30.0) -> list[Received]:
        """The mails once `count` have come (readiness, not a time limit of the test's subject)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                if len(self.mails) >= count:
                    return list(self.mails)
            time.sleep(0.05)
        raise AssertionError(f"{len(self.mails)} mails came, not {count}")


class Certificates:
    """A throw-away certificate authority and a certificate for 127.0.0.1 / localhost it signed."""

    def __init__(self, folder):
        import trustme

        self.ca = trustme.CA()
        self.cert = self.ca.issue_cert("127.0.0.1", "localhost")
        self.cafile = str(folder / "ca.pem")
        self.ca.cert_pem.write_to_path(self.cafile)

    def server_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.cert.configure_cert(context)
        return context


USER, PASSWORD = "ludoteca", "s3cret-for-tests"


def check_login(server, session, envelope, mechanism, auth_data):
    from aiosmtpd.smtp import AuthResult, LoginPassword

    ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == USER and auth_data.password.decode() == PASSWORD
    if ok:
        session.ludoteca_user = USER
    return AuthResult(success=ok, handled=False)


@contextmanager
def smtp_server(mode: str = "plain", certificates: Certificates | None = None, password: bool = False, catcher: Catcher | None = None):
    """`mode`: plain (no TLS offered), starttls (offered and required) or implicit (TLS from the start).
    Yields (catcher, port)."""
    from aiosmtpd.controller import Controller

    catcher = catcher or Catcher()
    port = free_port()
    kwargs: dict = {}
    if mode == "starttls":
        kwargs.update(tls_context=certificates.server_context(), require_starttls=True)
    elif mode == "implicit":
        kwargs.update(ssl_context=certificates.server_context(), server_hostname="127.0.0.1")
    if password:
        # (aiosmtpd counts only STARTTLS as TLS for its AUTH rule: implicit TLS is TLS from the first byte anyway)
        kwargs.update(authenticator=check_login, auth_required=True, auth_require_tls=mode == "starttls")
    else:
        kwargs.update(auth_require_tls=False)
    controller = Controller(catcher, hostname="127.0.0.1", port=port, **kwargs)
    controller.start()
    try:
        yield catcher, port
    finally:
        controller.stop()
