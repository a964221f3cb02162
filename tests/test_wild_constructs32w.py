"""Session 32 (wrongs32, issue #16): a fifth sweep of Python's data model for confident wrongs,
and the two strict xfails session 31 left in tests/test_known_wrongs.py.

Each probe case is one file of tests/data/probes32w (a small model using one Python corner in a
way that changes the parameter count), read both ways the analyzer reads a file: its
module-level ``model`` (the script run in order) and the root class ``M`` (built after the whole
import, read lazily). The count asked for is torch's (``torch_count`` on the same file);
``unknown``: the answer must be the honest unknown with a note. The comment gives the answer on
main before this session (9dcb248b). ``test_no_probe_is_confidently_wrong`` guards every probe of
the sweep (exact or unknown, never another count).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")

PROBES = Path(__file__).parent / "data" / "probes32w"

# probe file -> (the file's ``model``, the root class ``M``): "exact" or "unknown"
CASES: dict[str, tuple[str, str]] = {}


def _check(path: Path, entry: str | None, want_kind: str) -> None:
    want = torch_count(path, root=entry or "model")
    g = parse_source(path, entry=entry)
    got = g.params_total()
    notes = [str(n) for n in g.notes]
    if want_kind == "unknown":
        assert got is None, (got, want)
        assert any("params_total unknown" in n for n in notes), notes
    else:
        assert got == want, (got, want, notes)


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


# ------------------------------------------- session 31's strict xfails (test_known_wrongs.py)
@pytest.mark.parametrize(
    ("grow", "read", "known"),
    [
        # found by session 31 (wildfix31a): 10 where torch has 15. The split of an environment
        # string is not enumerable: ``xs`` holds a run of unknown length (values/abstract.py
        # UnknownRun); the fast path's ``len`` (speed/fastpath.py) counted the run as one item
        ('xs += os.environ.get("DRIFTCHECK_UNSET_WIDTHS", "5,6").split(",")', "ws[1]", False),
        ('xs.extend(os.environ.get("DRIFTCHECK_UNSET_WIDTHS", "5,6").split(","))', "ws[1]", False),
        ('xs += os.environ.get("DRIFTCHECK_UNSET_WIDTHS", "5,6").split(",")', "len(xs)", False),
        ('xs += "5,6".split(",")', "ws[1]", True),  # enumerable: exact as before
        ('xs.extend("5,6".split(","))', "ws[1]", True),
    ],
)
def test_global_extend_by_unknown_list_read_later(tmp_path, grow: str, read: str, known: bool):
    path = _model(
        tmp_path,
        f"""
        import os
        import torch.nn as nn
        xs = [3]
        {grow}
        ws = [4, len(xs)]
        model = nn.Linear(4, {read})
        """,
    )
    _exact_or_unknown(path, known=known)


@pytest.mark.parametrize(
    "body",
    [
        "n = len(xs); return n",  # the fast path's len (was 10 vs torch 15)
        "n = len(xs); ws = [4, n]; return ws[1]",
        "ys = [3, 7]; ys += xs; ys.append(9); return ys[4]",  # an index past the run (fast path)
        "return 3 if xs else 4",  # truth of a list that may be empty
    ],
)
def test_run_of_unknown_length_in_a_function(tmp_path, body: str) -> None:
    path = _model(
        tmp_path,
        f"""
        import os
        import torch.nn as nn
        def h():
            xs = []
            xs += os.environ.get("DRIFTCHECK_UNSET_WIDTHS", "5,6").split(",")
            {body}
        model = nn.Linear(4, h())
        """,
    )
    _exact_or_unknown(path, known=False)


def test_run_before_a_known_index_and_truth_stay_exact(tmp_path) -> None:
    path = _model(
        tmp_path,
        """
        import os
        import torch.nn as nn
        def h():
            xs = [3, 4]
            xs += os.environ.get("DRIFTCHECK_UNSET_WIDTHS", "5,6").split(",")
            n = xs[1]
            if xs:
                n = n + 1
            return n
        model = nn.Linear(4, h())
        """,
    )
    _exact_or_unknown(path, known=True)


_LAZY = [
    # (made, changed in between, known)
    ("map(lambda w: w * 2, a)", "a.append(6)", False),  # session 31 (wildfix31b): 6 vs 8
    ("map(lambda w: w * 2, a)", "", True),
    ("map(lambda w: w * 2, a)", "a = [1]", True),  # a new list: the iterator holds the old one
    ("zip(a, a)", "a.append(6)", False),
    ("zip(a, [1, 2, 3])", "a.append(6)", False),
    ("filter(None, a)", "a.insert(0, 9)", False),
    ("enumerate(a)", "a.pop()", False),
    ("reversed(a)", "a[0] = 7", False),
    ("map(max, a, a)", "a.append(6)", False),
    ("itertools.chain(a, [7])", "a.append(6)", False),
    ("itertools.chain(a, [7])", "", True),
    ("itertools.chain.from_iterable([a, [7]])", "a.append(6)", False),
    ("itertools.islice(a, 5)", "a.append(6)", False),
    ("itertools.pairwise(a)", "a.append(6)", False),
    ("itertools.zip_longest(a, [1])", "a.append(6)", False),
    ("itertools.accumulate(a)", "a.append(6)", False),
    ("itertools.compress(a, [1, 1, 1])", "a.append(6)", False),
    ("itertools.starmap(max, zip(a, a))", "a.append(6)", False),
    ("enumerate(map(abs, a))", "a.append(6)", False),  # the inner iterator's input
    ("enumerate(map(abs, a))", "", True),
    ("itertools.filterfalse(None, a)", "a.append(0)", False),
    ("zip(d, d)", "d['x'] = 7", True),  # a dict's keys are read (a new key: RuntimeError)
]


@pytest.mark.parametrize(("made", "between", "known"), _LAZY)
def test_lazy_iterator_over_a_list_changed_before_it_is_drained(
    tmp_path, made: str, between: str, known: bool
) -> None:
    """Session 31's second xfail: ``map`` / ``zip`` / ``filter`` / ``itertools.chain``... read
    their input as they are drained; the analyzer reads it when called. An input container
    changed in between makes the iterator unknown (tuplesub.Once.watch), never its old items."""
    path = _model(
        tmp_path,
        f"""
        import itertools
        import torch.nn as nn
        a = [4, 5]
        d = {{"x": 1, "y": 2}}
        z = {made}
        {between}
        ws = list(z)
        model = nn.Linear(len(ws) + 1, 2)
        """,
    )
    _exact_or_unknown(path, known=known)


def test_lazy_iterator_drained_then_input_changed_stays_exact(tmp_path) -> None:
    """An exhausted list iterator stays exhausted: a second ``list(z)`` after ``a.append`` is
    empty in Python, as here (drained once: the inputs are no longer watched)."""
    path = _model(
        tmp_path,
        """
        import itertools
        import torch.nn as nn
        a = [4, 5]
        z = zip(a, a)
        first = list(z)
        a.append(6)
        second = list(z)
        c = itertools.chain(a, [1])
        third = list(c) + list(c)
        model = nn.Linear(len(first) + 10 * len(second) + 1, len(third))
        """,
    )
    _exact_or_unknown(path, known=True)


@pytest.mark.parametrize(
    ("lines", "known"),
    [
        # ``zip(g, [1])`` drained pulls two items of ``g`` (the second dropped as the list
        # ends): ``g`` keeps [3, 4] (tuplesub.lazy_inputs ``read``); before session 32 the
        # analyzer took all of ``g`` (0 items left)
        ("z = list(zip(g, [1]))\nrest = list(g)", True),
        ("z = list(zip([1], g))\nrest = list(g)", True),  # the list ends first: g keeps 3
        ("z = list(map(abs, g))\nrest = list(g)", True),  # drained: g is exhausted
        ("z = list(itertools.islice(g, 2))\nrest = list(g)", True),
        ("m = map(abs, g)\nrest = list(g)\nz = list(m)", False),  # g read before the drain
        ("z = zip(g, [1])\nnext(g)\nrest = list(z)", False),
    ],
)
def test_generator_read_by_a_lazy_iterator(tmp_path, lines: str, known: bool) -> None:
    body = textwrap.indent(lines.replace("\\n", "\n"), "        ").lstrip()
    path = _model(
        tmp_path,
        f"""
        import itertools
        import torch.nn as nn
        def gen():
            yield from [1, 2, 3, 4]
        g = gen()
        {body}
        model = nn.Linear(len(rest) + 1, len(list(z)) + 1)
        """,
    )
    _exact_or_unknown(path, known=known)
