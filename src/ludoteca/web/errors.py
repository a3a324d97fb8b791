"""The web layer's refusal, in a module of its own (the limits import it without the rooms)."""

from __future__ import annotations

from typing import Any

from ..engine import LudotecaError, T, Text


class RoomError(LudotecaError):
    """A request the room refuses; `code` says why (not_found, forbidden, stale, illegal, bad_request,
    rate_limited, too_many, busy)."""

    def __init__(self, code: str, message: Text):
        super().__init__(message)
        self.code = code


#: sent with every answer, refusals made before the app (the connection guard's) included
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


# --- a request the models refuse (FastAPI's 422), told in players' words ---------------------------
# Pydantic's own texts are English only; each error `type` an endpoint's model can produce is told
# here in both languages, naming the field as players know it and what was wrong with the value.

#: a field's words, by its name (a few names mean another thing at one address: `FIELD_AT`)
FIELDS: dict[str, tuple[str, str]] = {
    "body": ("the request", "la petición"),
    "game": ("game", "juego"), "options": ("rule options", "opciones de reglas"), "seats": ("seats", "asientos"),
    "kind": ("who plays", "quién juega"), "bot": ("bot level", "nivel del bot"), "name": ("name", "nombre"),
    "invite": ("invitation", "invitación"), "private": ("private room", "sala privada"), "seat": ("seat", "asiento"),
    "rated": ("rated game", "partida puntuable"), "token": ("seat key", "clave del asiento"),
    "players": ("number of players", "número de jugadores"), "lesson": ("lesson", "lección"),
    "taken": ("moves made", "jugadas hechas"), "lang": ("language", "idioma"), "room": ("room", "sala"),
    "password": ("password", "contraseña"), "old": ("current password", "contraseña actual"),
    "new": ("new password", "contraseña nueva"), "purpose": ("what the passkey is for", "para qué es la llave de acceso"),
    "ceremony": ("passkey step", "paso de la llave de acceso"), "credential": ("passkey", "llave de acceso"),
    "address": ("email address", "dirección de correo"), "turn": ("email on your turn", "correo cuando te toca"),
    "digest": ("daily summary", "resumen diario"), "reminder": ("reminder", "recordatorio"),
    "result": ("email with the result", "correo con el resultado"), "status": ("which rooms", "qué salas"),
    "offset": ("place in the list", "posición en la lista"), "limit": ("how many", "cuántas"),
    "before": ("next page", "página siguiente"), "step": ("move number", "número de jugada"),
    "log_from": ("first line of the log", "primera línea del registro"), "t": ("link", "enlace"),
}
FIELD_AT: dict[tuple[str, str], tuple[str, str]] = {
    ("/api/account/private", "private"): ("private profile", "perfil privado"),
    ("/api/mail/confirm", "token"): ("link", "enlace"), ("/api/mail/resubscribe", "token"): ("link", "enlace"),
    ("/api/account/signup", "name"): ("account name", "nombre de la cuenta"),
    ("/api/account/signin", "name"): ("account name", "nombre de la cuenta"),
    ("/api/account/delete", "name"): ("account name", "nombre de la cuenta"),
    ("/api/account/passkey/start", "name"): ("account name", "nombre de la cuenta"),
}
#: where the models take one of several kinds of value (a rule option's), pydantic names each kind tried
UNION_KINDS = {"bool", "int", "str", "dict[str,any]", "list[str]", "float"}

_NUMBER = ("a whole number is needed, not {input}", "hace falta un número entero, no {input}")
_YES_NO = ("yes or no (true or false) is needed, not {input}", "hace falta sí o no (true o false), no {input}")
_TEXT = ("a text is needed, not {input}", "hace falta un texto, no {input}")
_GROUP = ("a group of named values is needed, not {input}", "hace falta un grupo de valores con nombre, no {input}")
#: each error type the app's models can produce -> (English, Spanish); {input} and the error's context fill them
TEMPLATES: dict[str, tuple[str, str]] = {
    "missing": ("is missing", "falta"),
    "extra_forbidden": ("is not something this request takes", "no es algo que esta petición admita"),
    "int_parsing": _NUMBER, "int_type": _NUMBER, "int_from_float": _NUMBER, "int_parsing_size": _NUMBER,
    "float_parsing": ("a number is needed, not {input}", "hace falta un número, no {input}"),
    "float_type": ("a number is needed, not {input}", "hace falta un número, no {input}"),
    "bool_parsing": _YES_NO, "bool_type": _YES_NO,
    "string_type": _TEXT, "string_unicode": _TEXT, "string_sub_type": _TEXT,
    "string_too_long": ("at most {max_length} characters (this has {length})", "como mucho {max_length} caracteres (este tiene {length})"),
    "string_too_short": ("at least {min_length} characters", "como mínimo {min_length} caracteres"),
    "string_pattern_mismatch": ("{input} is not one of the accepted values", "{input} no es uno de los valores aceptados"),
    "greater_than_equal": ("must be {ge} or more, not {input}", "debe ser {ge} o más, no {input}"),
    "less_than_equal": ("must be {le} or less, not {input}", "debe ser {le} o menos, no {input}"),
    "greater_than": ("must be more than {gt}, not {input}", "debe ser más de {gt}, no {input}"),
    "less_than": ("must be less than {lt}, not {input}", "debe ser menos de {lt}, no {input}"),
    "too_long": ("at most {max_length} entries (this has {actual_length})", "como mucho {max_length} entradas (tiene {actual_length})"),
    "too_short": ("at least {min_length} entries (this has {actual_length})", "como mínimo {min_length} entradas (tiene {actual_length})"),
    "list_type": ("a list is needed, not {input}", "hace falta una lista, no {input}"),
    "dict_type": _GROUP, "model_type": _GROUP, "model_attributes_type": _GROUP,
    "literal_error": ("{input} is not one of {expected}", "{input} no es ninguno de {expected}"),
    "json_invalid": ("is not valid JSON", "no es JSON válido"),
    "json_type": ("is not valid JSON", "no es JSON válido"),
    "union": ("takes yes or no, a whole number, a text or a group of named values, not {input}",
              "admite sí o no, un número entero, un texto o un grupo de valores con nombre, no {input}"),
}
UNKNOWN = ("this value is not accepted: {input}", "este valor no se acepta: {input}")
SHOWN = 40  # a client's value is echoed at most this long, escaped


def _shown(value: Any) -> str:
    text = repr(value) if not isinstance(value, (dict, list)) else repr(value)[:SHOWN]
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"


def _field(path: str, loc: tuple) -> tuple[str, str]:
    """The field's words: 'seat 2: name', 'rule option "dice": ...'."""
    parts = [p for p in loc if not (isinstance(p, str) and p in UNION_KINDS)]
    if parts and parts[0] in ("body", "query", "path") and len(parts) > 1:
        parts = parts[1:]
    en, es = [], []
    for i, part in enumerate(parts):
        if isinstance(part, int):  # an entry of a list: seat 2, entry 3
            n = part + 1
            if en and en[-1] == FIELDS["seats"][0]:
                en[-1], es[-1] = f"seat {n}", f"asiento {n}"
            else:
                en.append(f"entry {n}"), es.append(f"entrada {n}")
        elif i > 0 and parts[i - 1] == "options":  # a rule option's own name
            en[-1], es[-1] = f"rule option {_shown(part)}", f"opción de reglas {_shown(part)}"
        else:
            words = FIELD_AT.get((path, part)) or FIELDS.get(str(part)) or (_shown(part), _shown(part))
            en.append(words[0]), es.append(words[1])
    return ": ".join(en) or FIELDS["body"][0], ": ".join(es) or FIELDS["body"][1]


def _told(path: str, error: dict) -> tuple[str, str]:
    kind, ctx = error.get("type", ""), dict(error.get("ctx") or {})
    loc = tuple(error.get("loc") or ())
    union = any(isinstance(p, str) and p in UNION_KINDS for p in loc)
    en_t, es_t = TEMPLATES["union"] if union else TEMPLATES.get(kind, UNKNOWN)
    values = {k: (v if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v)) for k, v in ctx.items()}
    raw = error.get("input")
    # an address's value is always text: told as typed ('-1' would read as a text)
    values["input"] = _shown(raw) if not (loc[:1] in (("query",), ("path",)) and isinstance(raw, str) and raw.isprintable()) else raw[:SHOWN]
    if "length" not in values and isinstance(error.get("input"), str):
        values["length"] = len(error["input"])
    if "actual_length" not in values and hasattr(error.get("input"), "__len__"):
        values["actual_length"] = len(error["input"])
    if kind == "extra_forbidden":  # an unknown field: its name as sent, nothing else to say of it
        name = _shown(loc[-1] if loc else "")
        return f"{name} {en_t}", f"{name} {es_t}"
    es_values = dict(values, expected=str(values.get("expected", "")).replace(" or ", " o "))
    field_en, field_es = _field(path, loc)
    try:
        return f"{field_en}: {en_t.format(**values)}", f"{field_es}: {es_t.format(**es_values)}"
    except (KeyError, IndexError, ValueError):  # a context this template does not know: the plain words
        return f"{field_en}: {UNKNOWN[0].format(**values)}", f"{field_es}: {UNKNOWN[1].format(**values)}"


def invalid_request(path: str, errors: list[dict]) -> Text:
    """One line in each language for FastAPI's 422: each wrong field (a union's tries told once)."""
    lines: list[tuple[str, str]] = []
    for error in errors:
        told = _told(path, error)
        if told not in lines:
            lines.append(told)
        if len(lines) == 3:
            break
    en = "; ".join(t[0] for t in lines) or "the request is not accepted"
    es = "; ".join(t[1] for t in lines) or "la petición no se acepta"
    return T(f"the request was refused: {en}", f"la petición no se acepta: {es}")
