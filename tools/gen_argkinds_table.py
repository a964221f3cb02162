"""Measure which kinds of positional arguments torch's argument parser accepts for each
``torch.<name>`` function that is one of torch's native bindings, and write them as data for
the forward pass (``driftcheck/parsers/source/forward/argkinds_table.py``; the static path
never imports torch).

A call ``torch.<name>(a1, ..., an)`` with no keyword arguments is described by the kinds of its
arguments: ``T`` a tensor, ``i`` a Python int, ``f`` a Python float, ``L`` a list of ints,
``U`` a tuple of ints (``"TL"``: ``torch.flip(x, [1])``). A tensor of one element is none of
these: torch's parser takes it where an int or a number goes (``torch.amin(x, torch.tensor(1))``). torch's argument parser decides from
these kinds alone (not from the values, shapes or dtypes) whether some overload of the function
takes them; when none does it raises ``TypeError`` before any computation
(``flip(): argument 'dims' (position 2) must be tuple of ints, not int``, ``permute() takes 2
positional arguments but 4 were given``, ``isin() received an invalid combination of
arguments``). For every pattern of 1 to ``MAX_ARGS`` arguments whose first is a tensor, each
function is called with two sets of fillers (a float and an int64 tensor; ints 1 and 0; lists /
tuples of one and of two ints): a pattern is *refused* when both raise the parser's
``TypeError`` (its messages: ``PARSER`` below); anything else (it runs, or raises anything
else) counts as accepted, so the table never claims more than torch showed.

``ACCEPTED[name]``: the measured patterns torch accepts, for every function that refuses at
least one; a pattern of these kinds, of at most ``MAX_ARGS`` arguments and starting with a
tensor, that is absent from it is refused. ``MAXPOS[name]``: the most positional arguments the
function takes, as its parser states alike for calls of 10 tensors, of a tensor and 9 ints,
of 10 ints and of 10 floats (more raise TypeError, whatever their kinds; ``torch.zeros(1, ...)``
runs, so ``zeros`` is not in it).

    python tools/gen_argkinds_table.py          # rewrite the table
    python tools/gen_argkinds_table.py --check  # exit 1 when torch disagrees with it
"""

from __future__ import annotations

import argparse
import itertools
import re
import subprocess
import sys
import warnings
from pathlib import Path

import torch

warnings.simplefilter("ignore")
OUT = Path(__file__).resolve().parents[1] / "driftcheck/parsers/source/forward/argkinds_table.py"
MAX_ARGS = 4
KINDS = "TifLU"
# the argument parser's TypeErrors (torch/csrc/utils/python_arg_parser.cpp)
PARSER = re.compile(
    r"\(\) received an invalid combination of arguments"
    r"|\(\): argument '\w+' \(position \d+\) must be"
    r"|\(\) takes (from \d+ to )?\d+ positional arguments? but \d+ (were|was) given"
    r"|\(\) missing \d+ required positional argument"
    r"|\(\): argument '\w+' failed to unpack the object at pos \d+"
)
FILLERS = (
    {"T": lambda: torch.zeros(2, 2), "i": lambda: 1, "f": lambda: 0.5, "L": lambda: [0],
     "U": lambda: (0,)},
    {"T": lambda: torch.zeros(3, 3, dtype=torch.int64), "i": lambda: 0, "f": lambda: 2.0,
     "L": lambda: [0, 1], "U": lambda: (0, 1)},
)  # fmt: skip


def functions() -> list[str]:
    """``torch.<name>`` functions that are torch's native bindings (the argument parser)."""
    vf = torch._C._VariableFunctions
    return sorted(
        n
        for n in dir(vf)
        if not n.startswith("_") and getattr(torch, n, None) is getattr(vf, n, None)
    )


def patterns() -> list[str]:
    return [
        "T" + "".join(rest) for n in range(MAX_ARGS) for rest in itertools.product(KINDS, repeat=n)
    ]


def refused(fn: object, pat: str, fill: dict) -> bool:
    try:
        fn(*[fill[k]() for k in pat])  # type: ignore[operator]
    except TypeError as e:
        return bool(PARSER.search(str(e)))
    except Exception:  # noqa: BLE001 - any other outcome: the parser took the arguments
        return False
    return False


def measure() -> dict[str, list[str]]:
    out = {}
    torch.manual_seed(0)
    for name in functions():
        fn = getattr(torch, name)
        ok = [p for p in patterns() if not all(refused(fn, p, fill) for fill in FILLERS)]
        if len(ok) < len(patterns()):
            out[name] = ok
    return out


_TAKES = re.compile(r"\(\) takes (?:from \d+ to )?(\d+) positional arguments? but 10 were given")


def max_positional() -> dict[str, int]:
    """``MAXPOS[name]``: how many positional arguments ``torch.<name>`` takes at most, where
    its parser says so for a call of 10 tensors (``permute() takes 2 positional arguments but
    10 were given``; an overloaded function says "invalid combination" and is left out)."""
    out = {}
    calls = (
        lambda: [torch.zeros(2, 2) for _ in range(10)],
        lambda: [torch.zeros(2, 2), *[1] * 9],
        lambda: [1] * 10,  # (``torch.zeros(1, 1, ...)`` takes its size as separate ints)
        lambda: [0.5] * 10,
    )
    for name in functions():
        got = set()
        for made in calls:
            try:
                getattr(torch, name)(*made())
            except TypeError as e:
                m = _TAKES.search(str(e))
                got.add(int(m.group(1)) if m is not None else None)
            except Exception:  # noqa: BLE001 - anything else: not the parser's count
                got.add(None)
            else:
                got.add(None)
        if len(got) == 1 and None not in got:
            out[name] = got.pop()
    return out


def render(table: dict[str, list[str]]) -> str:
    lines = [
        f'"""Generated by tools/gen_argkinds_table.py from torch {torch.__version__.split("+")[0]}:'
        " do not edit by hand.",
        "",
        "``ACCEPTED[name]``: the kinds of positional arguments (``T`` tensor, ``i`` int, ``f``",
        "float, ``L`` list of ints, ``U`` tuple of ints) ``torch.<name>(...)`` takes, measured,",
        f"for patterns of 1 to {MAX_ARGS} arguments starting with a tensor; any other such pattern",
        "is refused by torch's argument parser (TypeError).",
        '"""',
        "",
        f"MAX_ARGS = {MAX_ARGS}",
        f"KINDS = {KINDS!r}",
        "ACCEPTED = {",
    ]
    for name, ok in table.items():
        lines.append(f"    {name!r}: frozenset({sorted(ok)!r}),")
    lines.append("}")
    lines.append("# the most positional arguments each function takes (more: TypeError)")
    lines.append(f"MAXPOS = {max_positional()!r}")
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    table = measure()
    if a.check:
        from driftcheck.parsers.source.forward import argkinds_table as at

        want = {k: frozenset(v) for k, v in table.items()}
        same = at.MAX_ARGS == MAX_ARGS and at.KINDS == KINDS and at.MAXPOS == max_positional()
        if at.ACCEPTED != want or not same:
            print("argkinds_table.py disagrees with torch: rerun tools/gen_argkinds_table.py")
            return 1
        print("argkinds_table.py agrees with torch")
        return 0
    OUT.write_text(render(table))
    subprocess.run([sys.executable, "-m", "ruff", "format", str(OUT)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
