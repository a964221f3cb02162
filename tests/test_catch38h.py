"""Session 38 (house38): one place (``forward/dataflow_catch.py``) decides what a ``with``
manager or a ``try`` statement may swallow of its body's errors, and the ``try`` handlers'
classes are compared with the class the crash raises (review37 item 6's older gap: a
``try/except KeyError`` hid every crash of its body).

Each model runs in torch (CPU, seeded, ``tests/crash_rule_support.torch_crashes``): a blocker
exactly when torch raises. Each case that is silent because a handler may catch the error has a
twin where torch raises and the blocker must show.
"""

from __future__ import annotations

import ast

import pytest

from tests.crash_rule_support import blockers, torch_crashes

HEAD = "import contextlib\nimport torch\nimport torch.nn as nn\n"


def _net(init: str, body: str, pre: str = "") -> str:
    init_lines = "".join(f"        {ln}\n" for ln in init.strip("\n").splitlines())
    body_lines = "".join(f"        {ln}\n" for ln in body.strip("\n").splitlines())
    return (
        f"{pre}\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"{init_lines}\n    def forward(self, x):\n{body_lines}"
    )


# a Linear of the wrong width (torch: RuntimeError), then a head that fits the input
BAD = "self.lin = nn.Linear(4, 4)\nself.out = nn.Linear(6, 2)"


def _try(handler: str, extra: str = "") -> str:
    return f"try:\n    {extra}x = self.lin(x)\n{handler}\nreturn self.out(x)"


CASES: dict[str, tuple[str, bool]] = {
    # handlers that do not catch the RuntimeError torch raises: a certain crash
    "except_key_error": (_net(BAD, _try("except KeyError:\n    pass")), True),
    "except_tuple_without_runtime": (
        _net(BAD, _try("except (KeyError, ImportError, OSError):\n    pass")),
        True,
    ),
    "except_two_handlers_without_runtime": (
        _net(BAD, _try("except KeyError:\n    pass\nexcept OSError:\n    pass")),
        True,
    ),
    "try_finally_plain": (_net(BAD, _try("finally:\n    pass")), True),
    "except_key_error_with_else": (
        _net(BAD, _try("except KeyError:\n    pass\nelse:\n    x = x * 1")),
        True,
    ),
    # handlers that catch it: torch runs on; the body proves nothing
    "except_runtime_error": (_net(BAD, _try("except RuntimeError:\n    pass")), False),
    "except_exception": (_net(BAD, _try("except Exception:\n    pass")), False),
    "except_bare": (_net(BAD, _try("except:\n    pass")), False),
    "except_tuple_with_runtime": (
        _net(BAD, _try("except (KeyError, RuntimeError):\n    pass")),
        False,
    ),
    "except_second_handler_runtime": (
        _net(BAD, _try("except KeyError:\n    pass\nexcept RuntimeError:\n    pass")),
        False,
    ),
    "except_alias_of_runtime": (
        _net(BAD, _try("except Caught:\n    pass"), "Caught = RuntimeError\n"),
        False,
    ),
    "finally_returns": (
        _net(BAD, "try:\n    x = self.lin(x)\nfinally:\n    return self.out(x)"),
        False,
    ),
    # a statement before the crash that may raise what is caught, unseen (a dict lookup, a
    # helper of the code's own): the rest of the body is speculative
    "except_key_error_after_lookup": (
        _net(
            BAD + "\nself.table = {'a': 1}",
            _try("except KeyError:\n    pass", "k = self.table['b']\n    "),
        ),
        False,
    ),
    "except_key_error_after_own_helper": (
        _net(
            BAD,
            "try:\n    k = self.look()\n    x = self.lin(x)\nexcept KeyError:\n    pass\n"
            "return self.out(x)",
        )
        + "\n    def look(self):\n        return {}['b']\n",
        False,
    ),
    # torch's IndexError of a ModuleList index, caught
    "except_index_error_module_list": (
        _net(
            "self.ls = nn.ModuleList([nn.Linear(6, 6)])",
            "try:\n    x = self.ls[3](x)\nexcept IndexError:\n    pass\nreturn x",
        ),
        False,
    ),
    # a manager of the code's own that swallows (session 37), and contextlib.suppress: the same
    # place decides it
    "suppress_key_error": (
        _net(BAD, "with contextlib.suppress(KeyError):\n    x = self.lin(x)\nreturn self.out(x)"),
        True,
    ),
    "suppress_runtime_error": (
        _net(
            BAD, "with contextlib.suppress(RuntimeError):\n    x = self.lin(x)\nreturn self.out(x)"
        ),
        False,
    ),
    "own_manager_swallows": (
        _net(
            BAD,
            "with Quiet():\n    x = self.lin(x)\nreturn self.out(x)",
            "class Quiet:\n    def __enter__(self):\n        return self\n"
            "    def __exit__(self, *a):\n        return True\n",
        ),
        False,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    src, raises = CASES[name]
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + src)
    ast.parse(path.read_text())
    assert torch_crashes(path, (3, 6), "float") is raises, name  # the case is what it says
    found = blockers(path, (3, 6), capsys)
    assert bool(found) is raises, (name, found)


@pytest.mark.parametrize("name", ["except_key_error", "try_finally_plain"])
def test_switch_off_reads_every_try_body_as_speculative(name, tmp_path, capsys, monkeypatch):
    """``DRIFTCHECK_NO_TRY_CLASSES_38=1``: as before session 38, a ``try`` body proves
    nothing (torch raises: the switch costs the blocker, never adds one)."""
    src, raises = CASES[name]
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + src)
    assert raises and torch_crashes(path, (3, 6), "float")
    monkeypatch.setenv("DRIFTCHECK_NO_TRY_CLASSES_38", "1")
    assert blockers(path, (3, 6), capsys) == []


MISSES = {
    # a class of the code's own (a subclass of RuntimeError catches no plain RuntimeError):
    # not a builtin class for certain, so the body is speculative
    "except_own_subclass": _net(
        BAD, _try("except Mine:\n    pass"), "class Mine(RuntimeError):\n    pass\n"
    ),
    # the key is there, so the Linear raises; the lookup may raise KeyError unseen
    "except_key_error_after_good_lookup": _net(
        BAD + "\nself.table = {'b': 1}",
        _try("except KeyError:\n    pass", "k = self.table['b']\n    "),
    ),
    # an unprefixed crash ("Linear expected ...") may be any of the classes torch's checks
    # and Python raise: StopIteration is one of them (``dataflow_catch._UNPREFIXED``)
    "except_stop_iteration": _net(BAD, _try("except StopIteration:\n    pass")),
}


@pytest.mark.parametrize("name", sorted(MISSES))
def test_handler_that_may_catch_is_a_miss_never_a_wrong(name, tmp_path, capsys):
    """torch raises; the pass stays silent where a handler may catch the error unseen: an
    honest miss (no blocker claimed either way)."""
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + MISSES[name])
    assert torch_crashes(path, (3, 6), "float")
    assert blockers(path, (3, 6), capsys) == []
