"""Fixtures of the Samarande tests."""

from __future__ import annotations

import pytest

from companion.games.samarande.catalogue import Catalogue, load_catalogue


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()
