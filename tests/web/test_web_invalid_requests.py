"""Every request a model refuses (FastAPI's 422) is told in players' words, wholly in each language:
each endpoint's fields are enumerated from the app itself, each is sent a wrong value of every kind
its model checks (type, length, range, choice, missing, unknown), and no answer carries pydantic's
English text; every error type the models produce has its own bilingual words."""

from __future__ import annotations

import typing
from typing import Any, Literal, get_args, get_origin

import annotated_types
import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from pydantic import BaseModel, TypeAdapter, ValidationError

from ludoteca.web import create_app
from ludoteca.web.errors import TEMPLATES
from ludoteca.web.limits import UNLIMITED

SITE = "http://testserver"
# pydantic's own wording: none of it may reach a player
ENGLISH = ("Input should", "Field required", "should be", "should have", "Extra inputs", "String should",
           "List should", "Dictionary should", "valid integer", "valid boolean", "Invalid JSON", "unable to parse")


def unwrap(annotation):
    """Optional[X] -> X (None is always a good value)."""
    if get_origin(annotation) in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def wrong_values(annotation, metadata) -> list[Any]:
    """A wrong value of every kind the field's model checks."""
    kind = unwrap(annotation)
    origin = get_origin(kind)
    out: list[Any] = []
    if kind is str:
        out.append(12345)
    elif kind is int:
        out += ["many", 2.5]
    elif kind is bool:
        out.append("perhaps")
    elif origin is Literal:
        out.append("martian")
    elif origin is list:
        out.append("not a list")
        (item,) = get_args(kind)
        if isinstance(item, type) and issubclass(item, BaseModel):
            out += [[bad] for bad in model_bodies(item)]
        elif item is str:
            out.append([7])
    elif origin is dict:
        out += [["not", "a", "group"], {"some": [1, 2]}]  # a value no option takes (a union of kinds)
    elif isinstance(kind, type) and issubclass(kind, BaseModel):
        out += [5] + model_bodies(kind)
    elif kind is Any or kind is typing.Any:
        pass
    for rule in metadata:
        if isinstance(rule, annotated_types.MaxLen):
            out.append("x" * (rule.max_length + 1) if kind is str else
                       ([{}] * (rule.max_length + 1) if origin is list else {f"k{i}": 1 for i in range(rule.max_length + 1)}))
        elif isinstance(rule, annotated_types.MinLen):
            out.append([])
        elif isinstance(rule, annotated_types.Ge):
            out.append(rule.ge - 1)
        elif isinstance(rule, annotated_types.Le):
            out.append(rule.le + 1)
        elif getattr(rule, "pattern", None):
            out.append("sideways")
    return out


def model_bodies(model: type[BaseModel]) -> list[dict[str, Any]]:
    """Bodies with one field wrong each, one with a field missing, one with a field the model does not take."""
    bodies: list[dict[str, Any]] = [{"unexpected": 1}, {}]
    for name, field in model.model_fields.items():
        bodies += [{name: bad} for bad in wrong_values(field.annotation, field.metadata)]
    return bodies


def requests(app) -> list[tuple[str, str, dict[str, Any], Any]]:
    """(method, path, query, body) for each wrong value of each endpoint's body and query fields."""
    out = []
    for route in app.routes:
        if not isinstance(route, APIRoute):
            continue
        method = sorted(route.methods)[0]
        path = route.path.replace("{room_id}", "nosuchroom").replace("{game}", "toy").replace("{name}", "nobody")
        for body in route.dependant.body_params:
            out += [(method, path, {}, bad) for bad in model_bodies(body.field_info.annotation)]
            out.append((method, path, {}, ["not", "an", "object"]))
        for param in route.dependant.query_params:
            info = param.field_info
            for bad in wrong_values(info.annotation, info.metadata):
                if not isinstance(bad, (list, dict)):
                    out.append((method, path, {param.name: bad}, None))
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('invalid')}/r.db", bot_delay=0, limits=UNLIMITED)
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        yield app, client


def test_every_wrong_field_of_every_endpoint_is_told_in_each_language(site):
    app, client = site
    sent = requests(app)
    assert len(sent) > 150  # every model of the app, not a sample
    told = 0
    for method, path, query, body in sent:
        answer = client.request(method, path, params=query, json=body)
        if answer.status_code != 422:
            continue  # a value the model takes (None for an optional field); the endpoint judges it
        told += 1
        message = answer.json()["error"]["message"]
        for lang in ("en", "es"):
            text = message[lang]
            assert "\n" not in text and text, (path, body, text)
            assert not any(word in text for word in ENGLISH), (lang, path, query, body, text)
        assert message["es"].startswith("la petición no se acepta: "), message
        assert message["en"] != message["es"]
    assert told > 150


def test_every_error_type_the_models_produce_has_words_in_both_languages(site):
    app, _client = site
    kinds: set[str] = set()
    for route in app.routes:
        if not isinstance(route, APIRoute):
            continue
        for body in route.dependant.body_params:
            model = body.field_info.annotation
            for bad in model_bodies(model) + [["a list"]]:
                try:
                    model.model_validate(bad)
                except ValidationError as exc:
                    kinds |= {e["type"] for e in exc.errors()}
        for param in route.dependant.query_params:
            info = param.field_info
            adapter = TypeAdapter(typing.Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation)
            for bad in wrong_values(info.annotation, info.metadata):
                try:
                    adapter.validate_python(bad)
                except ValidationError as exc:
                    kinds |= {e["type"] for e in exc.errors()}
    assert {"missing", "extra_forbidden", "int_parsing", "string_too_long", "greater_than_equal", "literal_error"} <= kinds
    assert kinds <= set(TEMPLATES), kinds - set(TEMPLATES)


@pytest.mark.parametrize("body, en, es", [
    ({"game": "toy", "seats": [{"kind": "human"}], "seat": "two"},
     "seat: a whole number is needed, not 'two'", "asiento: hace falta un número entero, no 'two'"),
    ({"game": "toy", "seats": [{"kind": "human"}, {"kind": "martian"}]},
     "seat 2: who plays: 'martian' is not one of 'human' or 'bot'", "asiento 2: quién juega: 'martian' no es ninguno de 'human' o 'bot'"),
    ({"game": "toy", "seats": [{"kind": "human"}], "name": "x" * 41},
     "name: at most 40 characters (this has 41)", "nombre: como mucho 40 caracteres (este tiene 41)"),
    ({"game": "toy", "seats": [{"kind": "human"}], "options": {"target": [1]}},
     "rule option 'target': takes yes or no, a whole number", "opción de reglas 'target': admite sí o no, un número entero"),
    ({"seats": [{"kind": "human"}]}, "game: is missing", "juego: falta"),
    ({"game": "toy", "seats": [{"kind": "human"}], "colour": "red"},
     "'colour' is not something this request takes", "'colour' no es algo que esta petición admita"),
])
def test_a_refusal_names_the_field_in_players_words_and_what_was_wrong(site, body, en, es):
    _app, client = site
    message = client.post("/api/rooms", json=body).json()["error"]["message"]
    assert en in message["en"] and es in message["es"], message


def test_a_query_out_of_range_and_a_body_that_is_not_json(site):
    _app, client = site
    message = client.get("/api/rooms", params={"offset": -1}).json()["error"]["message"]
    assert message["es"] == "la petición no se acepta: posición en la lista: debe ser 0 o más, no -1", message
    broken = client.post("/api/rooms", content="{not json", headers={"content-type": "application/json"})
    assert broken.status_code == 422 and "no es JSON válido" in broken.json()["error"]["message"]["es"]
