"""Building SVG drawings (a game's map for ``companion map`` and the table display).

>>> import xml.etree.ElementTree as ET
>>> drawing = ET.Element("svg")
>>> _ = element(drawing, "text", "Ali\\x1b[2J", font_size=14, class_="name")
>>> ET.tostring(drawing, encoding="unicode")
'<svg><text font-size="14" class="name">Ali\\\\x1b[2J</text></svg>'
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from companion.framework.shown import shown


def element(parent: ET.Element, tag: str, text: str | None = None, **attributes: object):
    """A child ``tag`` of ``parent``: attributes named in Python (``font_size`` for
    ``font-size``, ``class_`` for ``class``), its text with control characters escaped
    (XML cannot hold them, and a name may carry one)."""
    node = ET.SubElement(
        parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attributes.items()}
    )
    node.text = None if text is None else shown(text)
    return node
