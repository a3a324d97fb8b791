"""Mail (issue 46, "Being told"): where the host set up an outgoing mail server (`ludoteca serve
--smtp URL --mail-from ADDRESS`), a player who gave and confirmed an address in their account is told
by mail that it is their turn (or once a day, in a digest), reminded before a deadline, and told how
the game ended; each mail links straight to the seat and stops with one click.

`settings` (the server and the From address), `addresses` (checking people's text), `models` (the
tables), `texts` (the words, English and Spanish), `outbox` (recording mails: `MailNotifier`, the
rooms' `Notifier`; addresses and wishes: `Mailbox`), `sender` (sending them, off the request path),
`routes` (the HTTP side)."""

from .outbox import Mailbox, MailNotifier
from .sender import Sender
from .settings import MailSettings, MailSetupError, parse

__all__ = ["MailNotifier", "MailSettings", "MailSetupError", "Mailbox", "Sender", "parse"]
