"""Ships the repository's top-level ``content/`` folder inside the wheel.

The packs stay where the repository promised them (``content/`` at the top), and the
built package holds them as ``companion/content`` so that an installed companion finds
them with :mod:`importlib.resources` (see :mod:`companion.content`). Everything else
about the project is in ``pyproject.toml``.
"""

from setuptools import find_namespace_packages, find_packages, setup

CONTENT_PACKAGES = [
    "companion.content",
    *(f"companion.content.{folder}" for folder in find_namespace_packages(where="content")),
]

setup(
    packages=[*find_packages(include=["companion", "companion.*"]), *CONTENT_PACKAGES],
    package_dir={"companion.content": "content"},
    package_data={
        "companion.web": ["static/*"],
        "companion.session.chronicle": ["*.html.j2"],
        **{package: ["*"] for package in CONTENT_PACKAGES},
    },
)
