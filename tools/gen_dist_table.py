"""Measure in torch what the forward pass needs of ``torch.distributions``, and write it as data
(``driftcheck/parsers/source/forward/dist_table.py``; the static path never imports torch).

- ``PARAMS[name]``: the constructor's parameters in order (``validate_args`` left out), for
  every ``Distribution`` class ``torch.distributions`` exports;
- ``SCALAR``: the families whose ``batch_shape`` is the broadcast of their tensor parameters'
  shapes and whose ``event_shape`` is ``()`` -- measured by building each with parameters of
  shapes ``(4, 1)`` and ``(3,)`` (``batch_shape == (4, 3)``) and, for two parameters or more,
  checking that shapes ``(2,)`` and ``(3,)`` raise torch's broadcast error;
- ``LAST_AXIS``: families of one probability vector (``probs`` / ``logits``) whose
  ``batch_shape`` is its shape but the last axis and whose ``event_shape`` is ``()``;
- ``NO_RSAMPLE``: the families above whose instances have ``has_rsample`` False (``rsample``
  raises NotImplementedError);
- ``KL``: the pairs ``(type(p), type(q))`` of exported classes that ``kl_divergence``
  dispatches to an implementation (any other pair raises NotImplementedError).

    python tools/gen_dist_table.py          # rewrite the table
    python tools/gen_dist_table.py --check  # exit 1 when torch disagrees with it
"""

from __future__ import annotations

import argparse
import inspect
import warnings
from pathlib import Path

import torch
import torch.distributions as D
from torch.distributions.kl import _dispatch_kl

warnings.simplefilter("ignore")
torch.manual_seed(0)  # anything a constructor draws is the same in every run too
OUT = Path(__file__).resolve().parents[1] / "driftcheck/parsers/source/forward/dist_table.py"


def _classes() -> list[str]:
    return sorted(
        n
        for n in dir(D)
        if isinstance(getattr(D, n), type)
        and issubclass(getattr(D, n), D.Distribution)
        and getattr(D, n) is not D.Distribution
    )


def _params(name: str) -> tuple[str, ...]:
    sig = inspect.signature(getattr(D, name).__init__)
    return tuple(p for p in list(sig.parameters)[1:] if p != "validate_args")


def _gen() -> torch.Generator:
    """A fresh generator of a fixed seed: every probe sees the same values in every run (an
    unseeded probe made the table differ between runs now and then)."""
    return torch.Generator().manual_seed(0)


def _positive(shape: tuple, i: int = 0) -> torch.Tensor:
    """The ``i``-th parameter's values, in (0.25 + i/10, 0.35 + i/10): each below 1 (a
    probability, a scale, a count's p) and above every earlier one, so ordered pairs such as
    ``Uniform(low, high)`` are valid (unseeded draws made Uniform pass in about 1 run of 60)."""
    return torch.rand(shape, generator=_gen()) * 0.1 + 0.25 + 0.1 * i


def _logits(*shape: int) -> torch.Tensor:
    return torch.randn(*shape, generator=_gen())


def _build(name: str, shapes: list[tuple]) -> object:
    """``name`` built with all its parameters (in order) of ``shapes``."""
    if len(_params(name)) != len(shapes):
        raise TypeError("not this many parameters")
    return getattr(D, name)(*(_positive(s, i) for i, s in enumerate(shapes)))


def _scalar(name: str) -> bool:
    """Every parameter a tensor (two or more must broadcast), batch = their broadcast."""
    need = _params(name)
    if not need:
        return False
    try:
        d = _build(name, [(4, 1)] + [(3,)] * (len(need) - 1))
        if len(need) == 1:
            d = _build(name, [(4, 3)])
    except Exception:  # noqa: BLE001
        return False
    if tuple(d.batch_shape) != (4, 3) or tuple(d.event_shape) != ():
        return False
    if len(need) >= 2:
        try:
            _build(name, [(2,)] + [(3,)] * (len(need) - 1))
        except RuntimeError:
            return True
        return False
    return True


def _last_axis(name: str) -> bool:
    """``name(logits=...)`` of shape (4, 5): batch (4,), event ()."""
    if _params(name)[:2] != ("probs", "logits"):
        return False
    try:
        d = getattr(D, name)(logits=_logits(4, 5))
    except Exception:  # noqa: BLE001
        return False
    return tuple(d.batch_shape) == (4,) and tuple(d.event_shape) == ()


def _probs_scalar(name: str) -> bool:
    """``name(logits=...)`` of shape (4, 3): batch (4, 3), event () (``Bernoulli``)."""
    if _params(name)[:2] != ("probs", "logits"):
        return False
    try:
        d = getattr(D, name)(logits=_logits(4, 3))
    except Exception:  # noqa: BLE001
        return False
    return tuple(d.batch_shape) == (4, 3) and tuple(d.event_shape) == ()


def _no_rsample(name: str) -> bool:
    try:
        d = (
            getattr(D, name)(logits=_logits(4, 3))
            if name in PROBS or name in LAST
            else _build(name, [(4, 3)] * len(_params(name)))
        )
    except Exception:  # noqa: BLE001
        return False
    return d.has_rsample is False


NAMES = _classes()
SCALAR = sorted(n for n in NAMES if _scalar(n))
PROBS = sorted(n for n in NAMES if n not in SCALAR and _probs_scalar(n))
LAST = sorted(n for n in NAMES if _last_axis(n))


def render() -> str:
    no_rs = sorted(n for n in (*SCALAR, *PROBS, *LAST) if _no_rsample(n))
    kl = sorted(
        (p, q)
        for p in NAMES
        for q in NAMES
        if _dispatch_kl(getattr(D, p), getattr(D, q)) is not NotImplemented
    )
    lines = [
        f'"""Generated by tools/gen_dist_table.py from torch {torch.__version__.split("+")[0]}: '
        "do not edit by hand.",
        "",
        "See the generator's docstring for what each table holds.",
        '"""',
        "",
        "# fmt: off",
        "PARAMS = {",
        *(f"    {n!r}: {_params(n)!r}," for n in NAMES),
        "}",
        f"SCALAR = frozenset({SCALAR!r})",
        f"PROBS_SCALAR = frozenset({PROBS!r})",
        f"LAST_AXIS = frozenset({LAST!r})",
        f"NO_RSAMPLE = frozenset({no_rs!r})",
        "KL = frozenset({",
        *(f"    {pair!r}," for pair in kl),
        "})",
        "# fmt: on",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when the table is stale")
    a = ap.parse_args()
    text = render()
    if a.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} differs from torch {torch.__version__}: rerun {Path(__file__).name}")
            return 1
        print("dist_table up to date")
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
