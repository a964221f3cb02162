"""Drift between re-implementations and their configs (session 19c, issue #17).

A convolution's string padding is the int padding torch computes from it: ``padding="valid"``
is ``padding=0`` and ``padding="same"`` with stride 1 and an odd (dilated) kernel is
``d * (k - 1) // 2`` on each side. transformers writes the string (Idefics3's and SigLIP's patch
embedding: ``nn.Conv2d(..., padding="valid")``), a re-implementation the default ``0``: the two
are one convolution and the comparison must not call them a ``padding`` drift.
"""

from __future__ import annotations

import pytest

from driftcheck.graph.match.canon import per_axis

torch = pytest.importorskip("torch")


@pytest.mark.parametrize(
    ("string", "kernel", "dilation", "as_int"),
    [("valid", 4, 1, 0), ("same", 3, 1, 1), ("same", 5, 2, 4), ("same", (3, 5), 1, (1, 2))],
)
def test_string_padding_is_its_int(string, kernel, dilation, as_int) -> None:
    # torch: the two spellings give the same output on the same weights
    a = torch.nn.Conv2d(2, 3, kernel, padding=string, dilation=dilation)
    b = torch.nn.Conv2d(2, 3, kernel, padding=as_int, dilation=dilation)
    b.load_state_dict(a.state_dict())
    x = torch.randn(1, 2, 11, 12)
    assert torch.equal(a(x), b(x))
    # static: one canonical value
    base = {"in_channels": 2, "out_channels": 3, "kernel_size": kernel, "dilation": dilation}
    left = per_axis("Conv2d", {**base, "padding": string})
    right = per_axis("Conv2d", {**base, "padding": as_int})
    assert left["padding"] == right["padding"]


def test_same_even_kernel_stays_a_string() -> None:
    """An even kernel pads "same" unevenly (one more on the right): no int equals it."""
    a = torch.nn.Conv2d(2, 3, 4, padding="same")
    x = torch.randn(1, 2, 8, 8)
    assert a(x).shape[-1] == 8
    assert torch.nn.Conv2d(2, 3, 4, padding=1)(x).shape[-1] == 7
    assert (
        per_axis(
            "Conv2d", {"in_channels": 2, "out_channels": 3, "kernel_size": 4, "padding": "same"}
        )["padding"]
        == "same"
    )
