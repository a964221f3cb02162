"""Parameter counts that depend on plain-Python semantics in ``__init__``, against real torch.

Each snippet is parsed statically, then imported HERE and built in torch; the counts agree.
Mechanisms: ``torch.cat`` / ``torch.stack`` shapes feeding a new ``layer.bias`` parameter,
``itertools.product`` / ``cycle`` / ``iter`` / ``next``, and a torch base class's
``__init__`` called explicitly (``nn.LayerNorm.__init__(self, ...)``).
"""

from __future__ import annotations

import pytest

from tests.test_source_counts_reparam import both

torch = pytest.importorskip("torch")


def test_cat_and_stack_shapes_make_a_new_bias(tmp_path):
    got, want = both(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class Attn(nn.Module):
            def __init__(self, d=8, qkv_bias=True):
                super().__init__()
                self.qkv = nn.Linear(d, 3 * d, bias=False)
                if qkv_bias:
                    q_bias = nn.Parameter(torch.zeros(d))
                    v_bias = nn.Parameter(torch.zeros(d))
                    bias = torch.cat((q_bias, torch.zeros_like(v_bias, requires_grad=False), v_bias))
                    self.qkv.bias = nn.Parameter(bias)
                self.table = nn.Parameter(torch.stack([torch.zeros(2, 3), torch.ones(2, 3)], dim=1))
                self.wide = nn.Parameter(torch.cat([torch.zeros(2, 3), torch.zeros(2, 5)], dim=-1))
        """,
        "Attn",
    )
    assert got == want == 8 * 24 + 24 + 12 + 16


def test_bias_of_the_wrong_shape_is_unresolved_not_guessed(tmp_path):
    from driftcheck.parsers.source import parse_source

    p = tmp_path / "odd.py"
    p.write_text(
        "import torch\nimport torch.nn as nn\n"
        "class Odd(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.fc = nn.Linear(4, 6, bias=False)\n"
        "        self.fc.bias = nn.Parameter(torch.zeros(5))\n"
    )
    assert parse_source(p).params_total() is None


def test_itertools_product_cycle_and_next(tmp_path):
    got, want = both(
        tmp_path,
        """
        import itertools
        from itertools import cycle

        import torch
        import torch.nn as nn

        class Net(nn.Module):
            def __init__(self, resolution=4, heads=3):
                super().__init__()
                points = list(itertools.product(range(resolution), range(resolution)))
                offsets = {}
                for p1 in points:
                    for p2 in points:
                        off = (abs(p1[0] - p2[0]), abs(p1[1] - p2[1]))
                        if off not in offsets:
                            offsets[off] = len(offsets)
                self.biases = nn.Parameter(torch.zeros(heads, len(offsets)))
                widths = cycle([2, 3])
                self.layers = nn.ModuleList([nn.Linear(next(widths), 4) for _ in range(5)])
                it = iter([7, 9])
                self.a = nn.Linear(next(it), next(it))
                self.b = nn.Linear(next(it, 5), 1)
        """,
        "Net",
    )
    assert got == want == 3 * 16 + (3 * 12 + 2 * 16) + (7 * 9 + 9) + 6


def test_torch_base_init_called_explicitly(tmp_path):
    got, want = both(
        tmp_path,
        """
        import torch.nn as nn

        class ChannelNorm(nn.LayerNorm):
            def __init__(self, hidden_size, eps=1e-12):
                nn.LayerNorm.__init__(self, normalized_shape=hidden_size, eps=eps)

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.norm = ChannelNorm(12)
                self.conv = nn.Conv1d(12, 12, 1)
        """,
        "Net",
    )
    assert got == want == 24 + 12 * 12 + 12


def test_c3_method_order_through_a_mixin_diamond(tmp_path):
    got, want = both(
        tmp_path,
        """
        import torch.nn as nn

        class Base(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.inp = nn.Linear(d, d)

        class GenMixin:
            def generate(self):
                return None

        class RnntMixin(GenMixin):
            pass

        class TdtMixin(RnntMixin):
            pass

        class Rnnt(Base, RnntMixin):
            def __init__(self, d=4):
                super().__init__(d)
                self.joint = nn.Linear(d, 2 * d)

        class Tdt(TdtMixin, Rnnt):
            # depth-first order would look in GenMixin before Rnnt and miss Rnnt.__init__
            def __init__(self, d=4):
                super().__init__(d)
                self.extra = nn.Linear(d, 1)
        """,
        "Tdt",
    )
    assert got == want == 20 + 40 + 5


def test_tie_into_a_folded_copy_of_a_repeated_layer(tmp_path):
    got, want = both(
        tmp_path,
        """
        import torch.nn as nn

        class Net(nn.Module):
            def __init__(self, n=4, vocab=11, d=6):
                super().__init__()
                self.embeds = nn.ModuleList([nn.Embedding(vocab, d) for _ in range(n)])
                self.heads = nn.ModuleList([nn.Linear(d, vocab, bias=False) for _ in range(n - 1)])
                for i, head in enumerate(self.heads):
                    head.weight = self.embeds[i + 1].weight
        """,
        "Net",
    )
    assert got == want == 4 * 11 * 6
