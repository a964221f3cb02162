"""Forward crashes on real sizes (``check --input-shape``), session 19: packed sequences.

``pack_padded_sequence(x, lengths)`` with lengths the pass knows (a list of ints, a tensor
whose values ``dataflow_known`` follows) makes a ``PackedSeq``: an unknown value, as the
packed sequence was before, that also carries its number of time steps (the longest length;
torch's ``batch_sizes`` has one entry per step). An ``nn.LSTM`` / ``GRU`` / ``RNN`` of torch
run on it returns a packed sequence with the same ``batch_sizes``; its first item is marked
with that count (a non-value fact: in-place writes do not change a batch structure).

``pad_packed_sequence(seq, total_length=n)`` then raises ValueError when ``n`` is below the
number of steps (``Expected total_length to be at least the length of the longest sequence
in input``). Anything unknown (lengths, ``total_length``, a sequence the pass did not see
packed) gives no crash.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Multi, Tens, Unk, is_int

_FACT = "packed_steps"


class PackedSeq(Unk):
    """A ``PackedSequence`` the pass does not follow item by item, with its step count."""

    __slots__ = ("batch", "overlong", "steps")

    def __init__(self, steps: int, batch: int | None = None, overlong: str | None = None) -> None:
        super().__init__()
        self.steps = steps
        self.batch = batch  # the number of lengths (session 28: the padded result's batch)
        # a length past the input's time steps: torch packs it unchecked, its readers raise
        self.overlong = overlong

    def __repr__(self) -> str:
        return f"PackedSeq(steps={self.steps})"


def _lengths(f: Any, v: Any) -> list[int] | None:
    from driftcheck.parsers.source.forward import dataflow_checks

    if isinstance(v, Tens):
        from driftcheck.parsers.source.forward import dataflow_known

        a = dataflow_known.array(f, v)
        got = dataflow_checks.fact(f, v, "values")
        if got is None and a is not None and a.dtype.kind == "i" and a.ndim == 1:
            got = [int(x) for x in a]
        v = got
        if v is None:
            return None
    if isinstance(v, (list, tuple)) and v and all(is_int(n) for n in v):
        return list(v)
    return None


def packed(f: Any, args: list, kwargs: dict, overlong: str | None = None) -> PackedSeq | None:
    """``pack_padded_sequence(x, lengths, ...)`` whose lengths are known: its step count
    (``overlong``: why its readers raise, from ``dataflow_args.pack_padded``)."""
    lengths = _lengths(f, arg(args, kwargs, 1, "lengths"))
    if f.input_shape is None or not lengths or min(lengths) <= 0:
        return None
    return PackedSeq(max(lengths), len(lengths), overlong)


def read_overlong(f: Any, seq: Any, loc: Any, reader: str) -> bool:
    """A packed sequence with a length past its input's steps read by ``reader`` (an RNN of
    torch's own, ``pad_packed_sequence``): torch raises there (its ``batch_sizes`` sum to more
    rows than the data holds). True when that crash was reported."""
    if isinstance(seq, PackedSeq) and seq.overlong:
        f.crash(loc, f"{reader} of a packed sequence: {seq.overlong} (pack_padded_sequence)")
        return True
    return False


def rnn_out(f: Any, x: Any, out: Any) -> None:
    """An RNN of torch's own run on a known ``PackedSeq``: its output keeps the step count."""
    from driftcheck.parsers.source.forward import dataflow_checks

    first = out.first if isinstance(out, Multi) else None
    if isinstance(x, PackedSeq) and isinstance(first, Tens):
        dataflow_checks.add_facts(f, first, **{_FACT: x.steps})


def steps(f: Any, seq: Any) -> int | None:
    """The step count of a packed sequence the pass knows, else None."""
    from driftcheck.parsers.source.forward import dataflow_checks

    if isinstance(seq, PackedSeq):
        return seq.steps
    return dataflow_checks.fact(f, seq, _FACT) if isinstance(seq, Tens) else None


def pad_packed(f: Any, args: list, kwargs: dict, loc: Any) -> None:
    """``pad_packed_sequence(seq, batch_first, padding_value, total_length)``."""
    if read_overlong(f, arg(args, kwargs, 0, "sequence"), loc, "pad_packed_sequence"):
        return
    n = steps(f, arg(args, kwargs, 0, "sequence"))
    total = arg(args, kwargs, 3, "total_length")
    if n is not None and is_int(total) and total < n:
        f.crash(
            loc,
            "pad_packed_sequence: Expected total_length to be at least the length of the "
            f"longest sequence in input, but got total_length={total} and max sequence "
            f"length being {n}",
        )
