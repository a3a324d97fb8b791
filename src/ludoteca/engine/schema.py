"""One validation layer for the headers of every document a stranger may hand us.

State, view and record documents (docs/formats.md) are parsed here: `parse_json` turns text
into data (refusing deep nesting and numbers too long to be one), and the pydantic models check
the common fields, so every malformed header gives one line naming the field. A game's own body
(`state`, `view`) is checked by the game itself; these models only say it is an object.
"""

from __future__ import annotations

import json
import math
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr, ValidationError

from .errors import LudotecaError
from .i18n import T, Text

STATE_FORMAT = "ludoteca-state/1"
VIEW_FORMAT = "ludoteca-view/1"
RECORD_FORMAT = "ludoteca-record/1"

#: deeper than any document ludoteca writes (a Mazmorra table is 4 levels): hostile nesting stops here
MAX_DEPTH = 32
#: Python refuses to turn more than 4,300 digits into an int; no field needs a tenth of that
MAX_NUMBER_CHARS = 400
_MAX_BITS = 1300  # about 400 decimal digits

Seat = StrictInt
Number = Union[StrictInt, StrictFloat]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class StateHeader(_Strict):
    format: Literal["ludoteca-state/1"]
    game: StrictStr
    options: dict[StrictStr, Any]
    num_players: StrictInt
    rng: StrictInt = Field(ge=0, lt=2**64)
    state: dict[StrictStr, Any]


class ViewHeader(BaseModel):
    """A seat's view (documents.view_document). Extra fields (winners, returns) are allowed:
    they are derived, never trusted."""

    model_config = ConfigDict(strict=True, extra="allow")
    format: Literal["ludoteca-view/1"] = VIEW_FORMAT
    game: StrictStr | None = None
    options: dict[StrictStr, Any] | None = None
    num_players: StrictInt
    seat: StrictInt | None
    view: dict[StrictStr, Any]


class PlayerEntry(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")  # front ends may add their own details
    name: StrictStr = Field(max_length=200)
    kind: StrictStr = Field(max_length=200)


class ActionEntry(_Strict):
    player: StrictInt | Literal["chance"]
    action: StrictStr = Field(max_length=1000)


class ResultEntry(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")  # how a game ended may be told in more fields
    winners: list[Seat]
    returns: list[Number] | None = None
    scores: list[Number] | None = None


class RecordHeader(_Strict):
    format: Literal["ludoteca-record/1"]
    game: StrictStr
    options: dict[StrictStr, Any]
    num_players: StrictInt
    seed: StrictInt = Field(ge=-(2**63), lt=2**64)  # any seed Rng accepts (it keeps 64 bits)
    players: list[PlayerEntry] | None = None
    actions: list[ActionEntry]
    result: ResultEntry | None = None


# --- messages ------------------------------------------------------------------------------

_WHY: dict[str, tuple[str, str]] = {
    "missing": ("is missing", "falta"),
    "extra_forbidden": ("is not a field of this document", "no es un campo de este documento"),
    "string_type": ("must be text", "debe ser un texto"),
    "int_type": ("must be a whole number", "debe ser un número entero"),
    "float_type": ("must be a number", "debe ser un número"),
    "dict_type": ("must be a JSON object", "debe ser un objeto JSON"),
    "model_type": ("must be a JSON object", "debe ser un objeto JSON"),
    "model_attributes_type": ("must be a JSON object", "debe ser un objeto JSON"),
    "list_type": ("must be a list", "debe ser una lista"),
    "none_required": ("must be null", "debe ser null"),
    "greater_than_equal": ("is too small", "es demasiado pequeño"),
    "less_than": ("is too large", "es demasiado grande"),
    "string_too_long": ("is too long", "es demasiado largo"),
}


_TYPE_NAMES = ("int", "float", "str", "dict", "list", "none", "PlayerEntry", "ResultEntry", "ActionEntry")


def _where(loc: tuple[Any, ...]) -> str:
    # pydantic names union members ("int", "literal['chance']") in the location: drop them
    parts = [str(p) if isinstance(p, int) or p.isidentifier() else repr(p)[:40] for p in loc
             if isinstance(p, int) or not (p.startswith(("literal[", "function-")) or p in _TYPE_NAMES)]
    return ".".join(parts) or "(document)"


def _explain(exc: ValidationError) -> tuple[str, Text]:
    """The field and reason of the first error, as one bilingual line."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    field = _where(first["loc"])
    kind = first["type"]
    if kind == "literal_error":
        expected = first.get("ctx", {}).get("expected", "")
        why = T(f"must be {expected}", f"debe ser {expected}")
    elif kind in _WHY:
        en, es = _WHY[kind]
        why = T(en, es)
    else:
        msg = first.get("msg", kind)
        why = T(msg, msg)
    return field, why


def validate(model: type[BaseModel], doc: Any, what: Text, error: type[LudotecaError]) -> Any:
    """`doc` checked against `model`; a failure raises `error` naming the field and the reason."""
    if not isinstance(doc, dict):
        raise error(T(f"{what.en} must be a JSON object", f"{what.es} debe ser un objeto JSON"))
    check_depth(doc, error)
    try:
        return model.model_validate(doc)
    except ValidationError as exc:
        field, why = _explain(exc)
        if field == "format" and why.en != "is missing":
            label = {StateHeader: ("state", "estado"), ViewHeader: ("view", "vista"), RecordHeader: ("record", "registro")}.get(model, ("document", "documento"))
            raw = repr(doc.get("format"))[:60]
            expected = model.model_fields["format"].default if model is ViewHeader else model.model_fields["format"].annotation.__args__[0]
            raise error(T(f"unknown {label[0]} format {raw} (expected {expected})", f"formato de {label[1]} desconocido {raw} (se esperaba {expected})")) from None
        if why.en == "is missing":
            raise error(T(f"{what.en} lacks the field {field}", f"a {what.es} le falta el campo {field}")) from None
        raise error(T(f"{what.en}: the field {field} ", f"{what.es}: el campo {field} ") + why) from None


# --- JSON text -----------------------------------------------------------------------------

def check_depth(doc: Any, error: type[LudotecaError], limit: int = MAX_DEPTH) -> None:
    """Refuse data nested deeper than `limit`, or holding a huge integer (walked without recursion)."""
    stack = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            if isinstance(value, int) and value.bit_length() > _MAX_BITS:  # data built in-process
                raise error(T("the document holds a number too large", "el documento contiene un número demasiado grande"))
            continue
        if depth > limit:
            raise error(T(f"the document is nested deeper than {limit} levels", f"el documento tiene más de {limit} niveles de anidamiento"))
        stack.extend((child, depth + 1) for child in children)


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise ValueError("number too long")
    return int(text)


def _float(text: str) -> float:
    value = float(text) if len(text) <= MAX_NUMBER_CHARS else math.inf
    if not math.isfinite(value):
        raise ValueError("number too large")
    return value


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_json(text: str, error: type[LudotecaError]) -> Any:
    """JSON text to data; anything that is not a plain, reasonably shaped JSON document raises
    `error` with one line: bad syntax, NaN/Infinity, numbers over 400 characters, nesting
    deeper than MAX_DEPTH."""
    if not isinstance(text, str):
        raise error(T("a document must be JSON text", "un documento debe ser texto JSON"))
    try:
        doc = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise error(T(f"not valid JSON: {exc}", f"no es JSON válido: {exc}")) from None
    except RecursionError:
        raise error(T(f"the document is nested deeper than {MAX_DEPTH} levels", f"el documento tiene más de {MAX_DEPTH} niveles de anidamiento")) from None
    except ValueError:  # a number too long, NaN or Infinity
        raise error(T(f"not valid JSON: a number longer than {MAX_NUMBER_CHARS} characters, too large, NaN or Infinity",
                      f"no es JSON válido: un número de más de {MAX_NUMBER_CHARS} caracteres, demasiado grande, NaN o Infinity")) from None
    check_depth(doc, error)
    return doc


# --- rules options in a document -----------------------------------------------------------

def check_option_types(option_set: Any, options: dict[str, Any], what: Text, error: type[LudotecaError]) -> None:
    """A document's options are JSON values of their own type: a yes/no option is true or false, a
    number a whole number, a choice one of its values as the game lists them (6, not "6"). The
    command line's spellings (`cards=yes`, `board=6`) are text to be parsed; a document is not.
    An unknown name is left to the game, which names the known ones."""
    for option in option_set.options:
        if option.name not in options:
            continue
        value = options[option.name]
        if option.kind == "bool":
            ok, want = isinstance(value, bool), T("true or false", "true o false")
        elif option.kind == "int":
            ok, want = isinstance(value, int) and not isinstance(value, bool), T("a whole number", "un número entero")
        elif option.kind == "choice":
            listed = ", ".join(json.dumps(c, ensure_ascii=False) for c in option.choices)
            ok = any(type(value) is type(c) and value == c for c in option.choices)
            want = T(f"one of {listed}", f"uno de {listed}")
        elif option.kind == "str":
            ok, want = isinstance(value, str), T("text", "un texto")
        else:  # a game's own kind of option (Pirámide's deck) checks its value itself
            continue
        if not ok:
            raise error(T(f"{what.en}: the field options.{option.name} must be {want.en}",
                          f"{what.es}: el campo options.{option.name} debe ser {want.es}"))


def doc_value(value: Any, limit: int = 60) -> str:
    """A document's value as a message may quote it: as JSON writes it (null, true, "x", {"a": 1}),
    never as Python would (None, True, 'x'), cut to `limit` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= limit else text[:limit - 1] + "…"
