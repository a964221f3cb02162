"""Session 34 (wildfix34): a function of the analyzed code handed to ``weakref.finalize`` /
``weakref.ref`` where the moment its object is freed is not proven (interp/frameintro.py
``handed_callbacks``).

CPython runs the callback when the object is freed: at a ``del`` of its last name, at the
return of the function holding it, at an explicit ``f()``, or never. Before, only a container
method handed there made its container unknown; a function's effects were dropped (a confident
wrong: ``len(events)`` read 0 where CPython has 1). What it can reach is unknown now; a callback
that changes nothing a model reads (``print``) keeps the count exact.

Every count is torch's (``torch_count`` runs the file); a null count is an honest unknown.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")

_HEAD = """
import weakref
import torch.nn as nn

events = []
width = 3


class Box:
    pass

"""


def _count(tmp_path, code: str) -> tuple[int | None, int, list[str]]:
    path = tmp_path / "model.py"
    path.write_text(_HEAD + textwrap.dedent(code))
    r = parse_source(path)
    return r.params_total(), torch_count(path, root="model"), r.notes


def _unknown(tmp_path, code: str, want: int) -> None:
    got, truth, notes = _count(tmp_path, code)
    assert truth == want  # the premise: CPython ran the callback
    assert got is None, (got, truth)
    assert any("weakref.finalize" in n or "weakref.ref" in n for n in notes), notes


def test_function_callback_at_a_del_of_a_plain_object(tmp_path):
    # CPython frees ``o`` at ``del o`` (no cycle): ``cb`` appended; was 2 (a confident wrong)
    _unknown(
        tmp_path,
        """
        def cb():
            events.append(1)

        o = Box()
        weakref.finalize(o, cb)
        del o
        model = nn.Linear(1, 1 + len(events))
        """,
        4,
    )


def test_function_callback_at_a_function_return(tmp_path):
    # ``m`` is freed when ``build`` returns: model2 sees 3 events; was 4 (torch 10)
    _unknown(
        tmp_path,
        """
        def cb(n):
            events.extend([0] * n)

        def build():
            m = nn.Linear(2, 2)
            weakref.finalize(m, cb, 3)
            return nn.Linear(1, 1 + len(events))

        first = build()
        model = nn.Sequential(first, nn.Linear(1, 1 + len(events)))
        """,
        10,
    )


def test_finalizer_called_explicitly(tmp_path):
    # ``f()`` runs the callback now (the object is alive): was 3 (torch 8)
    _unknown(
        tmp_path,
        """
        sizes = {"w": 1}

        def cb():
            sizes["w"] = 4

        o = Box()
        f = weakref.finalize(o, cb)
        f()
        model = nn.Linear(1, sizes["w"])
        """,
        8,
    )


def test_global_rebound_by_the_callback(tmp_path):
    _unknown(
        tmp_path,
        """
        def cb():
            global width
            width = 7

        o = Box()
        weakref.finalize(o, cb)
        del o
        model = nn.Linear(1, width)
        """,
        14,
    )


def test_callback_through_another_function_and_a_partial(tmp_path):
    _unknown(
        tmp_path,
        """
        import functools

        def grow(k):
            events.extend(range(k))

        def cb(k):
            grow(k)

        o = Box()
        weakref.finalize(o, functools.partial(cb, 2))
        del o
        model = nn.Linear(1, 1 + len(events))
        """,
        6,
    )


def test_weakref_ref_callback_and_a_lambda(tmp_path):
    _unknown(
        tmp_path,
        """
        o = Box()
        r = weakref.ref(o, lambda _r: events.append(0))
        del o
        model = nn.Linear(1, 1 + len(events))
        """,
        4,
    )


def test_callback_reaching_other_state_makes_everything_unknown(tmp_path):
    # an object of the analyzed code whose method the callback calls
    _unknown(
        tmp_path,
        """
        class Log:
            def __init__(self):
                self.items = events

            def add(self):
                self.items.append(1)

        log = Log()

        def cb():
            log.add()

        o = Box()
        weakref.finalize(o, cb)
        del o
        model = nn.Linear(1, 1 + len(events))
        """,
        4,
    )


def test_callback_changing_nothing_keeps_the_count(tmp_path):
    got, truth, _ = _count(
        tmp_path,
        """
        def log(x):
            print(x, width)

        o = Box()
        weakref.finalize(o, log, "gone")
        del o
        model = nn.Linear(1, 1 + len(events))
        """,
    )
    assert got == truth == 2


def test_callback_changing_an_unrelated_list_keeps_other_state(tmp_path):
    # the callback reaches ``seen`` only: ``width`` and ``events`` stay known
    got, truth, _ = _count(
        tmp_path,
        """
        seen = []

        def cb():
            seen.append(1)

        o = Box()
        weakref.finalize(o, cb)
        del o
        model = nn.Linear(width, 1 + len(events))
        """,
    )
    assert got == truth == 4


def test_callback_changing_a_torch_layer(tmp_path):
    # ``head.bias = None`` at the ``del``: torch has 4 + 9 = 13 (6 + 9 = 15 without it)
    _unknown(
        tmp_path,
        """
        head = nn.Linear(2, 2)

        def cb():
            head.bias = None

        o = Box()
        weakref.finalize(o, cb)
        del o
        model = nn.Sequential(head, nn.Linear(2, 3))
        """,
        13,
    )


def test_callback_naming_a_layer_not_in_the_model(tmp_path):
    got, truth, _ = _count(
        tmp_path,
        """
        head = nn.Linear(2, 2)
        seen = []

        def cb():
            seen.append(head)

        o = Box()
        weakref.finalize(o, cb)
        del o
        model = nn.Sequential(nn.Linear(2, 3))
        """,
    )
    assert got == truth == 9


def test_function_callback_moved_by_exitstack_pop_all(tmp_path):
    # ``later.close()`` runs ``cb``: 2 where torch has 4 before (stdlib ExitStackValue._pop_all)
    got, truth, notes = _count(
        tmp_path,
        """
        import contextlib

        def cb():
            events.append(1)

        with contextlib.ExitStack() as stack:
            stack.callback(cb)
            later = stack.pop_all()
        later.close()
        model = nn.Linear(1, 1 + len(events))
        """,
    )
    assert truth == 4
    assert got is None
    assert any("pop_all" in n for n in notes), notes


def test_closure_list_moved_by_exitstack_pop_all(tmp_path):
    # the list is a local of ``build`` (no frame known at pop_all): it holds an unknown run
    got, truth, _ = _count(
        tmp_path,
        """
        import contextlib

        def build():
            acc = []

            def cb():
                acc.append(1)

            with contextlib.ExitStack() as stack:
                stack.callback(cb)
                later = stack.pop_all()
            later.close()
            return nn.Linear(1, 1 + len(acc))

        model = build()
        """,
    )
    assert truth == 4
    assert got is None
