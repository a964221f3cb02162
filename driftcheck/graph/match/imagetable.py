"""A still-image model's image size read off a position *table* (``nn.Embedding``).

``derive._image_size`` reads a ViT's image size off its learned ``[1, N, D]`` position
Parameter. CLIP-style vision towers (CLIP, OWL-ViT, CLIPSeg, Chinese-CLIP, MetaCLIP, AltCLIP,
X-CLIP's) keep their positions in an ``nn.Embedding(num_positions, D)`` instead, beside a
class token held as a bare ``[D]`` Parameter: ``num_positions`` is ``(image / patch) ** 2 + 1``.
No weight holds the image size itself, so a changed one showed only as a table of another row
count (and a context length), and a changed patch size as its own finding plus that table.
With the image size derived from the table on both sides, the table's rows are accounted
for: a changed image size is one ``imageSize`` finding (the table under it), a changed patch
size leaves both image sizes equal.

Read only where it is unambiguous: a vision model (a patch size was derived), no ``[1, N, D]``
table, exactly one ``nn.Embedding`` before the repeated layers, nothing fed through it (no
token table), and 0-2 class/distillation tokens (``[D]`` or ``[1, 1, D]`` Parameters of the
table's width) whose count leaves a square grid of at least 2 x 2 patches.
"""

from __future__ import annotations

import math
from typing import Any

from driftcheck.graph.match.canon import Item


def _token(it: Item, width: Any) -> bool:
    shape = it.params.get("shape") if it.ltype == "Parameter" else None
    if not isinstance(shape, (list, tuple)):
        return False
    return list(shape) in ([width], [1, 1, width])


def _table_shape(it: Item) -> tuple[int, int] | None:
    """A bare 2-d Parameter's ``(rows, width)``, both known."""
    shape = it.params.get("shape") if it.ltype == "Parameter" else None
    if not isinstance(shape, (list, tuple)) or len(shape) != 2:
        return None
    if not all(type(x) is int and x > 0 for x in shape):
        return None
    return shape[0], shape[1]


def rows_of(t: Item) -> Any:
    """The rows of a position table: an ``nn.Embedding``'s entries, a Parameter's first axis."""
    if t.ltype == "Parameter":
        got = _table_shape(t)
        return got[0] if got else None
    return t.params.get("num_embeddings")


def image_size(items: list[Item]) -> tuple[int, Item] | None:
    """(patches per side, the table) for a single position ``nn.Embedding`` before the
    layers, or None (see the module docstring for when it is read)."""
    tables: list[Item] = []
    params: list[Item] = []
    for it in items:
        if it.is_block:
            if it.count > 1 and not it.scanned:  # (a scanned stack: canon.Item.scanned)
                break  # the layers start: the embeddings come before them
            continue
        if it.ltype == "Embedding":
            tables.append(it)
        elif it.ltype == "Parameter":
            params.append(it)
    if not tables:
        # OpenAI CLIP's / OpenCLIP's ``positional_embedding``: one bare ``[N, D]`` Parameter
        # beside a class token of its width (without one, a 2-D Parameter there may be
        # anything: a projection, a stem kernel)
        flat = [p for p in params if _table_shape(p) is not None]
        if len(flat) == 1 and any(_token(p, _table_shape(flat[0])[1]) for p in params):
            tables = flat
    if len(tables) != 1 or tables[0].fed:
        return None
    t = tables[0]
    rows, width = rows_of(t), t.params.get("embedding_dim")
    if t.ltype == "Parameter":
        width = _table_shape(t)[1]
    if type(rows) is not int or type(width) is not int:
        return None
    for p in params:  # a [1, N, D] table beside it: derive._image_size's case, or neither
        shape = p.params.get("shape")
        if isinstance(shape, (list, tuple)) and len(shape) == 3 and shape[1] != 1:
            return None
    tokens = sum(1 for p in params if _token(p, width))
    if tokens > 2:
        return None
    grid = rows - tokens
    side = math.isqrt(grid) if grid > 0 else 0
    if side < 2 or side * side != grid:
        return None
    return side, t


# the readings of one position table's rows: a context length, a "vocabulary" (the only
# table of a vision model is taken for the token table by ``derive._from_embeddings``)
_ROW_FACTS = ("maxPositionEmbeddings", "vocabSize")


def fold_positions(
    a: list[Item], b: list[Item], da: dict, db: dict, facts: list, rest: list
) -> None:
    """Where both sides' image sizes were read off their position ``nn.Embedding``, that
    table's row difference (its shape, and the context length / vocabulary read off the same
    rows) goes under the finding that explains it: ``imageSize`` where the image sizes
    differ, else ``patchSize`` where the patch sizes do (``facts`` and ``rest`` are edited
    in place). Rows some other reading explains are left alone."""
    got_a, got_b = image_size(a), image_size(b)
    if got_a is None or got_b is None or "imageSize" not in da or "imageSize" not in db:
        return
    if "patchSize" not in da or "patchSize" not in db:
        return
    rows = (rows_of(got_a[1]), rows_of(got_b[1]))
    if rows[0] == rows[1]:
        return
    keys = {f.key: f for f in facts}
    home = keys.get("imageSize")
    if home is None and da["imageSize"].value == db["imageSize"].value:
        home = keys.get("patchSize")
    if home is None:
        return
    for f in [f for f in facts if f.key in _ROW_FACTS]:
        if (f.values.get("left"), f.values.get("right")) == rows:
            facts.remove(f)
            home.absorbed.extend(f.absorbed)
    nodes = {got_a[1].node.id, got_b[1].node.id}
    for d in list(rest):
        if (d.left, d.right) != rows:
            continue
        if d.attribute.endswith("numEmbeddings") and (d.node is None or d.node in nodes):
            rest.remove(d)
            home.absorbed.append(d)
        elif d.attribute.endswith(".size") and d.node in nodes:  # a table against a Parameter
            rest.remove(d)
            home.absorbed.append(d)
