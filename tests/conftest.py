"""Shared test fixtures."""

from __future__ import annotations

import pytest

from ludoteca.engine.i18n import set_language


@pytest.fixture(autouse=True)
def english_by_default():
    """Commands run in-process may switch the language; no test inherits another's."""
    set_language("en")
    yield
    set_language("en")
