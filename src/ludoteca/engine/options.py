"""Rules options: declared per game, validated with clear bilingual errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import OptionError
from .i18n import T, Text

_TRUE = {"1", "true", "yes", "on", "si", "sí"}
NAME_SHOWN = 40  # an unknown option name or a bad value is echoed at most this long, escaped (repr)


def shown(value: Any, limit: int = NAME_SHOWN) -> str:
    """A client's value as an error message may quote it: its repr (a lone surrogate or a control
    character escaped, so the message can always be sent), cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True)
class Option:
    """One named rules option. kind is 'bool', 'int', 'choice' or 'str' (a path, say)."""

    name: str
    kind: str
    default: Any
    help: Text
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, value: Any, game: str) -> Any:
        """Turn a user value (text from the CLI or a JSON value) into a valid option value."""
        bad = lambda why: OptionError(  # noqa: E731
            T(f"bad value {shown(value)} for option '{self.name}' of {game}: ", f"valor {shown(value)} no válido para la opción '{self.name}' de {game}: ") + why
        )
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise bad(T("expected true or false", "se esperaba true o false"))
        if self.kind == "int":
            if isinstance(value, bool):
                raise bad(T("expected a whole number", "se esperaba un número entero"))
            try:
                number = int(str(value).strip())
            except ValueError:
                raise bad(T("expected a whole number", "se esperaba un número entero")) from None
            if self.minimum is not None and number < self.minimum or self.maximum is not None and number > self.maximum:
                raise bad(T(f"must be between {self.minimum} and {self.maximum}", f"debe estar entre {self.minimum} y {self.maximum}"))
            return number
        if self.kind == "choice":
            for choice in self.choices:
                if str(choice) == str(value).strip():
                    return choice
            listed = ", ".join(str(c) for c in self.choices)
            raise bad(T(f"choose one of {listed}", f"elige una de {listed}"))
        if self.kind == "str":
            if not isinstance(value, str) or not value:
                raise bad(T("expected a non-empty text", "se esperaba un texto no vacío"))
            return value
        raise AssertionError(f"option kind {self.kind}")

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default, "help": self.help.to_json()}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


@dataclass(frozen=True)
class OptionSet:
    options: tuple[Option, ...] = field(default_factory=tuple)

    def names(self) -> list[str]:
        return [o.name for o in self.options]

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def resolve(self, given: Mapping[str, Any] | None, game: str) -> dict[str, Any]:
        """Defaults overlaid with the given values; an unknown name is an error naming the known ones."""
        values = self.defaults()
        by_name = {o.name: o for o in self.options}
        for name, raw in (given or {}).items():
            if name not in by_name:
                known = ", ".join(by_name) or "-"
                raise OptionError(T(f"unknown option {shown(name)} for {game} (known: {known})", f"opción desconocida {shown(name)} para {game} (conocidas: {known})"))
            values[name] = by_name[name].parse(raw, game)
        return values


def parse_option_pairs(pairs: list[str] | tuple[str, ...] | None) -> dict[str, str]:
    """['cards=off', 'board=6'] -> {'cards': 'off', 'board': '6'}, with a clear error for 'foo'."""
    out: dict[str, str] = {}
    for pair in pairs or ():
        if "=" not in pair:
            raise OptionError(T(f"option {pair!r} must be written KEY=VALUE", f"la opción {pair!r} debe escribirse CLAVE=VALOR"))
        key, value = pair.split("=", 1)
        out[key.strip()] = value.strip()
    return out
