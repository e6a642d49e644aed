"""Fixtures of the Samarande tests."""

from __future__ import annotations

import pytest

from companion.games.samarande.content.catalogue import Catalogue
from companion.games.samarande.content.loader import load_catalogue
from tests.samarande.helpers import TEST_PACK


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    """A deck completed by its owner: every figure known (the tests' own numbers)."""
    return load_catalogue(TEST_PACK)
