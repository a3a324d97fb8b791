"""Mail addresses and header text from people: checked before use, never trusted in a header."""

from __future__ import annotations

import re
import unicodedata

# a conservative address: ASCII local part (dot-atom), a domain of labels with a dot; no quoting,
# no comments, no IP literals, so nothing in it can end a header or start another
LOCAL = re.compile(r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$")
LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")


def clean_address(address) -> str:
    """The address as it will be used (domain lower-cased); raises ValueError for anything else."""
    if not isinstance(address, str):
        raise ValueError("not text")
    address = address.strip()
    if len(address) > 254 or address.count("@") != 1:
        raise ValueError("not one address")
    local, domain = address.split("@")
    try:
        domain = domain.encode("idna").decode("ascii").lower() if domain and not domain.isascii() else domain.lower()
    except UnicodeError:
        raise ValueError("bad domain") from None
    labels = domain.split(".")
    if not (1 <= len(local) <= 64 and LOCAL.match(local) and len(labels) >= 2 and all(LABEL.match(label) for label in labels)
            and not labels[-1].isdigit()):
        raise ValueError("not an address")
    return f"{local}@{domain}"


def header_text(text, limit: int = 60) -> str:
    """A person's text (a name) as it may stand in a header: no control, format or line-breaking
    character (so no CR/LF can start a new header), spaces collapsed, at most `limit` characters."""
    if not isinstance(text, str):
        return ""
    kept = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn") else ch for ch in text)
    kept = " ".join(kept.split())
    return kept[:limit].rstrip() + ("…" if len(kept) > limit else "")
