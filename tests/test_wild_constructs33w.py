"""Session 33 (wrongs33, issue #16): session 32's live-loop regression and probes32w's left
confident wrongs.

A ``for`` over ``enumerate(xs)`` / ``zip`` / ``map`` / ``filter`` / ``reversed`` / a plain
generator expression that rewrites the items it already read (``xs[i] = f(d)``) reads on as
Python does: the lazy iterator reads index ``k`` next, so only the length and the items not yet
read must be unchanged (tuplesub ``_changed`` with the producer's ``used`` map). Anything else
(an append, a not-yet-read item rewritten, ``itertools.chain``, a genexp with an ``if``) stays
the honest unknown of session 32. Every count is torch's (``torch_count`` on the same file).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _model(tmp_path: Path, code: str) -> Path:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return path


def _exact_or_unknown(path: Path, entry: str | None = None, *, known: bool) -> None:
    """torch's count when ``known``, else the honest unknown; never another count."""
    want = torch_count(path, root=entry or "model")
    g = parse_source(path, entry=entry)
    got = g.params_total()
    if known:
        assert got == want, (got, want, [str(n) for n in g.notes])
    else:
        assert got is None, (got, want)
        assert any("params_total unknown" in str(n) for n in g.notes), g.notes


# (loop header, body rewriting / changing ``xs``, exact): the body also sums what it read
_LOOPS = [
    # the items already read rewritten: exact (session 32: unknown)
    ("for i, d in enumerate(xs):", "xs[i] = d or 7", True),
    ("for i, d in enumerate(xs, 1):", "xs[i - 1] = (d or 7) + i", True),
    ("for d, e in zip(xs, ys):", "xs[ys.index(e)] = (d or 2) + e", True),
    ("for i, (d, e) in enumerate(zip(xs, ys)):", "xs[i] = (d or 2) * e", True),
    ("for i, d in enumerate(map(lambda v: v or 5, xs)):", "xs[i] = d + 1", True),
    ("for i, d in enumerate(v or 3 for v in xs):", "xs[i] = d", True),
    ("for d in (v or 3 for v in xs):", "xs[len(seen)] = d", True),
    ("for k, d in enumerate(reversed(xs)):", "xs[len(xs) - 1 - k] = (d or 4) * 2", True),
    ("for d in filter(None, xs):", "xs[xs.index(d)] = d + 10", True),
    ("for i, d in enumerate(xs):", "xs[i] = [d, d]", True),  # another type
    ("for i, d in enumerate(xs):", "xs[i] = d\nys.append(i)", True),  # the same object back
    # Python reads the changed list differently from the eager items: unknown
    ("for i, d in enumerate(xs):", "if i == 0:\n    xs.append(9)", False),  # a longer loop
    ("for i, d in enumerate(xs):", "if i < 2:\n    xs[i + 1] = 8", False),  # not read yet
    ("for i, d in enumerate(xs):", "if i == 0:\n    xs.pop()", False),
    ("for i, d in enumerate(xs):", "if i == 0:\n    del xs[0]", False),
    ("for d, e in zip(xs, ys):", "xs[-1] = 6", False),
    ("for k, d in enumerate(reversed(xs)):", "xs[0] = 6", False),  # read last
    ("for d in filter(None, xs):", "xs[-1] = 0", False),  # filter has not read it yet
    ("for d in map(lambda v: v or 5, xs):", "xs[-1] = 6", False),
    # chain's k-th item is not item k of its input: any change stays unknown
    ("for i, d in enumerate(itertools.chain(xs, [1])):", "if i < 3:\n    xs[i] = 6", False),
    ("for d in (v for v in xs if v):", "xs[0] = 6", False),  # a genexp with an ``if``
]


@pytest.mark.parametrize(("head", "body", "known"), _LOOPS)
@pytest.mark.parametrize("where", ["module", "function"])
def test_loop_rewriting_its_list(tmp_path, head: str, body: str, known: bool, where: str):
    body = textwrap.indent(body + "\nseen.append(d)", "    ")
    loop = f"{head}\n{body}"
    if where == "function":
        loop = "def run(xs, ys, seen):\n" + textwrap.indent(loop, "    ") + "\nrun(xs, ys, seen)"
    code = (
        "import itertools\nimport torch.nn as nn\n"
        "xs = [None, 3, None]\nys = [1, 2, 3]\nseen = []\n"
        f"{loop}\n"
        "def width(v):\n"
        "    return sum(width(w) for w in v) if isinstance(v, list) else (v or 1)\n"
        "model = nn.Sequential(\n"
        "    nn.Linear(width(xs) + len(xs), 2),\n"
        "    nn.Linear(2, width(seen) + len(seen) + len(ys)),\n"
        ")\n"
    )
    _exact_or_unknown(_model(tmp_path, code), known=known)


def test_shape_list_filled_in_a_method_then_read_by_the_root_class(tmp_path) -> None:
    """test_wild_constructs14b's idiom, read through the root class (lazily) too."""
    path = _model(
        tmp_path,
        """
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self, shape=(None, 6, None)):
                super().__init__()
                self.shape = list(shape)
                for i, dim in enumerate(self.shape):
                    self.shape[i] = dim or (1 if i == 0 else 5)
                self.fc = nn.Linear(self.shape[1], self.shape[2])
        model = M()
        """,
    )
    _exact_or_unknown(path, known=True)
    _exact_or_unknown(path, "M", known=True)
