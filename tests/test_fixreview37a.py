"""Session 37 (fixreview37a): review37's forward-side findings. Each model runs in torch (CPU,
seeded, ``tests/crash_rule_support.torch_crashes``): a blocker exactly when torch raises. Each
probe that was wrong has a twin where torch raises and the blocker must stay.

1. forward AD's level (``dataflow_fix36d``): a level entered by ``dual_level().__enter__()``,
   by an ``ExitStack``, or by a helper in another file is no "no level exists" crash;
2. ``self.pick().apply(x)``: the receiver runs once (``dataflow_common.receiver``);
3. the hook-arity crash only where the call reaches ``nn.Module.__call__``
   (``dataflow_fix36.hooks_run``);
6. ``contextlib.suppress(KeyError)`` hides no RuntimeError (``Flow.catching``);
7. managers of the code's own that swallow (``__exit__`` returning True, a ``@contextmanager``
   whose ``yield`` sits in ``try``, an ``ExitStack`` given a manager) leave the body unknown.
"""

from __future__ import annotations

import ast
import sys

import pytest

from tests.crash_rule_support import blockers, torch_crashes

HEAD = (
    "import contextlib\nimport torch\nimport torch.nn as nn\n"
    "import torch.autograd.forward_ad as fwAD\n"
)

FN = (
    "class Fn(torch.autograd.Function):\n"
    "    @staticmethod\n    def forward(x):\n        return x * 2\n"
    "    @staticmethod\n    def setup_context(ctx, inputs, output):\n        pass\n"
)


def _net(init: str, body: str, pre: str = "") -> str:
    init_lines = "".join(f"        {ln}\n" for ln in init.strip("\n").splitlines())
    body_lines = "".join(f"        {ln}\n" for ln in body.strip("\n").splitlines())
    return (
        f"{pre}\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"{init_lines}\n    def forward(self, x):\n{body_lines}"
    )


LIN = "self.lin = nn.Linear(6, 6)"
SWALLOW = "self.lin = nn.Linear(4, 4)\nself.out = nn.Linear(6, 2)"

CASES: dict[str, tuple[str, bool]] = {
    # 1. forward AD levels
    "dual_level_enter_by_hand": (
        _net(
            LIN,
            "ctx = fwAD.dual_level()\nctx.__enter__()\n"
            "d = fwAD.make_dual(x, torch.ones_like(x))\n"
            "out = fwAD.unpack_dual(self.lin(d)).tangent\n"
            "ctx.__exit__(None, None, None)\nreturn out",
        ),
        False,
    ),
    "dual_level_exitstack": (
        _net(
            LIN,
            "with contextlib.ExitStack() as st:\n"
            "    st.enter_context(fwAD.dual_level())\n"
            "    d = fwAD.make_dual(x, torch.ones_like(x))\n"
            "    return fwAD.unpack_dual(self.lin(d)).tangent",
        ),
        False,
    ),
    "dual_entered_then_exited": (  # twin: the counted level is closed again
        _net(
            LIN,
            "fwAD.enter_dual_level()\nfwAD.exit_dual_level()\n"
            "d = fwAD.make_dual(x, torch.ones_like(x))\nreturn self.lin(d)",
        ),
        True,
    ),
    "dual_entered_counted": (
        _net(
            LIN,
            "fwAD.enter_dual_level()\n"
            "d = fwAD.make_dual(x, torch.ones_like(x))\n"
            "out = fwAD.unpack_dual(self.lin(d)).tangent\n"
            "fwAD.exit_dual_level()\nreturn out",
        ),
        False,
    ),
    # 2. the receiver of ``.apply`` evaluated once
    "apply_receiver_once": (
        _net(
            "self.lins = nn.ModuleList([nn.Linear(6, 6)])\nself.k = 0",
            "self.k = 0\ny = self.pick().apply(x)\nreturn self.lins[self.k - 1](y)",
            FN,
        ).replace(
            "    def forward(self, x):",
            "    def pick(self):\n        self.k += 1\n        return Fn\n\n    def forward(self, x):",
        ),
        False,
    ),
    "apply_receiver_once_twin": (  # k is 1 after one pick(): index 1 of 1 raises
        _net(
            "self.lins = nn.ModuleList([nn.Linear(6, 6)])\nself.k = 0",
            "self.k = 0\ny = self.pick().apply(x)\nreturn self.lins[self.k](y)",
            FN,
        ).replace(
            "    def forward(self, x):",
            "    def pick(self):\n        self.k += 1\n        return Fn\n\n    def forward(self, x):",
        ),
        True,
    ),
    # 3. hook arity where torch's hooks run
    "hook_arity_own_call": (
        _net(
            "self.b = Block()",
            "self.b.register_forward_hook(bad)\nreturn self.b(x)",
            "class Block(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.lin = nn.Linear(6, 6)\n"
            "    def __call__(self, x):\n        return self.forward(x)\n"
            "    def forward(self, x):\n        return self.lin(x)\n\n"
            "def bad(m):\n    return None\n",
        ),
        False,
    ),
    "hook_arity_torch_call": (
        _net(
            "self.b = Block()",
            "self.b.register_forward_hook(bad)\nreturn self.b(x)",
            "class Block(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.lin = nn.Linear(6, 6)\n"
            "    def forward(self, x):\n        return self.lin(x)\n\n"
            "def bad(m):\n    return None\n",
        ),
        True,
    ),
    # 6. contextlib.suppress hides only what its classes catch
    "suppress_key_error_hides_no_runtime_error": (
        _net(
            "self.lin = nn.Linear(4, 4)",
            "with contextlib.suppress(KeyError):\n    x = self.lin(x)\nreturn x",
        ),
        True,
    ),
    "suppress_tuple_without_runtime_error": (
        _net(
            "self.lin = nn.Linear(4, 4)",
            "with contextlib.suppress((KeyError, OSError), ImportError):\n"
            "    x = self.lin(x)\nreturn x",
        ),
        True,
    ),
    "suppress_runtime_error": (
        _net(
            SWALLOW,
            "with contextlib.suppress(RuntimeError):\n    x = self.lin(x)\nreturn self.out(x)",
        ),
        False,
    ),
    "suppress_exception": (
        _net(
            SWALLOW, "with contextlib.suppress(Exception):\n    x = self.lin(x)\nreturn self.out(x)"
        ),
        False,
    ),
    # 6b. something before the crash may raise what is caught, unseen by the rules: no claim
    "suppress_key_error_after_dict_lookup": (
        _net(
            SWALLOW + '\nself.table = {"a": 1}',
            'with contextlib.suppress(KeyError):\n    k = self.table["b"]\n    x = self.lin(x)\n'
            "return self.out(x)",
        ),
        False,
    ),
    "suppress_key_error_after_pop": (
        _net(
            SWALLOW,
            'd = {}\nwith contextlib.suppress(KeyError):\n    d.pop("z")\n    x = self.lin(x)\n'
            "return self.out(x)",
        ),
        False,
    ),
    "suppress_stop_iteration_after_next": (
        _net(
            SWALLOW,
            "with contextlib.suppress(StopIteration):\n    k = next(iter([]))\n"
            "    x = self.lin(x)\nreturn self.out(x)",
        ),
        False,
    ),
    "suppress_os_error_after_open": (
        _net(
            SWALLOW,
            'with contextlib.suppress(OSError):\n    open("/nonexistent/fr37a").read()\n'
            "    x = self.lin(x)\nreturn self.out(x)",
        ),
        False,
    ),
    "suppress_key_error_helper_first": (  # a helper of the code's own may raise KeyError
        _net(
            SWALLOW,
            "with contextlib.suppress(KeyError):\n    k = self.look()\n    x = self.lin(x)\n"
            "return self.out(x)",
        ).replace(
            "    def forward(self, x):",
            "    def look(self):\n        return {}['k']\n\n    def forward(self, x):",
        ),
        False,
    ),
    # 7. managers of the code's own that swallow
    "cm_generator_swallows": (
        _net(
            SWALLOW,
            "with quiet():\n    x = self.lin(x)\nreturn self.out(x)",
            "@contextlib.contextmanager\ndef quiet():\n    try:\n        yield\n"
            "    except Exception:\n        pass\n",
        ),
        False,
    ),
    "cm_generator_plain": (  # twin: the yield is not guarded: the error propagates
        _net(
            SWALLOW,
            "with loud():\n    x = self.lin(x)\nreturn self.out(x)",
            "@contextlib.contextmanager\ndef loud():\n    n = 1\n    yield\n    n = 2\n",
        ),
        True,
    ),
    "cm_class_exit_true": (
        _net(
            SWALLOW,
            "with Quiet():\n    x = self.lin(x)\nreturn self.out(x)",
            "class Quiet:\n    def __enter__(self):\n        return self\n"
            "    def __exit__(self, *a):\n        return True\n",
        ),
        False,
    ),
    "cm_class_exit_none": (  # twin: ``__exit__`` returns None
        _net(
            SWALLOW,
            "with Loud():\n    x = self.lin(x)\nreturn self.out(x)",
            "class Loud:\n    def __enter__(self):\n        return self\n"
            "    def __exit__(self, *a):\n        return None\n",
        ),
        True,
    ),
    "exitstack_enter_context": (
        _net(
            SWALLOW,
            "with contextlib.ExitStack() as st:\n"
            "    st.enter_context(contextlib.suppress(RuntimeError))\n"
            "    x = self.lin(x)\nreturn self.out(x)",
        ),
        False,
    ),
    "exitstack_callback_only": (  # twin: a callback's result never swallows
        _net(
            SWALLOW,
            "with contextlib.ExitStack() as st:\n"
            "    st.callback(lambda: True)\n"
            "    x = self.lin(x)\nreturn self.out(x)",
        ),
        True,
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


HELPER = (
    "import torch.autograd.forward_ad as fwAD\n\n"
    "def start():\n    fwAD.enter_dual_level()\n\n"
    "def stop():\n    fwAD.exit_dual_level()\n"
)


@pytest.mark.parametrize(
    ("name", "body", "raises"),
    [
        (
            "open_in_helper",
            "start()\nd = fwAD.make_dual(x, torch.ones_like(x))\n"
            "out = fwAD.unpack_dual(self.lin(d)).tangent\nstop()\nreturn out",
            False,
        ),
        (  # twin: the helper's level is closed before make_dual
            "closed_in_helper",
            "start()\nstop()\nd = fwAD.make_dual(x, torch.ones_like(x))\nreturn self.lin(d)",
            True,
        ),
    ],
)
def test_level_opened_in_another_file(name, body, raises, tmp_path, capsys, monkeypatch):
    helper = f"fr37a_{name}"
    (tmp_path / f"{helper}.py").write_text(HELPER)
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + f"from {helper} import start, stop\n" + _net(LIN, body))
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert torch_crashes(path, (3, 6), "float") is raises
    finally:
        sys.modules.pop(helper, None)
    found = blockers(path, (3, 6), capsys)
    assert bool(found) is raises, (name, found)


def test_receiver_helper_reads_pure_chains_only():
    """``receiver`` never evaluates an expression with effects once its call has ended."""
    from driftcheck.parsers.source.forward.dataflow_common import pure_chain, receiver

    call = ast.parse("self.pick().apply(x)").body[0].value
    assert not pure_chain(call.func.value)
    assert receiver(object(), call, None) is None  # no call being run, not a chain: no value
    assert pure_chain(ast.parse("self.fc.weight").body[0].value)


def test_crash_classes_read_from_messages():
    from driftcheck.parsers.source.forward.dataflow_catch import may_catch, raised_by

    assert raised_by("IndexError: index 2 is out of range") == (IndexError,)
    assert raised_by("EinopsError: bad pattern") is None  # a library's class: any
    assert RuntimeError in raised_by("Linear: Linear expected in_features=4")
    assert not may_catch((KeyError,), "Linear: Linear expected in_features=4")
    assert may_catch((LookupError,), "IndexError: index 2 is out of range")
    assert may_catch((KeyError,), "KeyError: 'a' (ModuleDict keys: b)")
    # every exception class torch's C++ checks raise is one a bare message may stand for
    torch = pytest.importorskip("torch")
    for exc in (RuntimeError, ValueError, IndexError, TypeError, NotImplementedError):
        assert may_catch((exc,), "Linear: shapes differ")
    assert issubclass(torch.OutOfMemoryError, RuntimeError)


def test_switch_off_restores_the_old_suppress(tmp_path, capsys, monkeypatch):
    """``DRIFTCHECK_NO_SUPPRESS_36=1``: no ``with`` swallows (a blocker in a swallowing
    manager's body, as before session 36)."""
    src, _ = CASES["cm_class_exit_true"]
    path = tmp_path / "m.py"
    path.write_text(HEAD + src)
    monkeypatch.setenv("DRIFTCHECK_NO_SUPPRESS_36", "1")
    assert blockers(path, (3, 6), capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_SUPPRESS_36")
    assert not blockers(path, (3, 6), capsys)
