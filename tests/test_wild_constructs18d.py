"""Session 18 (wildfix18d, issue #16): module walks over a model holding catalogue layers
whose torch instances hold sub-modules (``MultiheadAttention.out_proj``, the transformer
layers' ``self_attn`` / ``linear1`` / ``norm1``...), and ``module.apply(fn)``
(interp/leafparts.py, interp/modtree.py). Each model is built in real torch."""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from driftcheck.graph import catalogue
from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.interp import leafparts
from driftcheck.parsers.source.values.abstract import Leaf
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
nn = torch.nn
torch_count = functools.partial(_count, root="model", device="cpu")


def write(tmp_path: Path, code: str) -> Path:
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(code))
    return f


def static(tmp_path: Path, code: str) -> tuple[int | None, int]:
    f = write(tmp_path, code)
    return parse_source(f).params_total(), torch_count(f)


MODEL = """
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2)
        self.enc = nn.TransformerEncoderLayer(8, 2, 16, norm_first=True)
        self.dec = nn.TransformerDecoderLayer(8, 2, 12, bias=False)
        self.lstm = nn.LSTM(8, 8)
        self.fc = nn.Linear(8, 4)
{body}

model = M()
"""


def model(body: str) -> str:
    return MODEL.format(body=textwrap.indent(textwrap.dedent(body), " " * 8))


@pytest.mark.parametrize(
    "layer, kw",
    [
        ("MultiheadAttention", dict(embed_dim=8, num_heads=2)),
        ("MultiheadAttention", dict(embed_dim=8, num_heads=2, bias=False, kdim=4, vdim=6)),
        ("TransformerEncoderLayer", dict(d_model=8, nhead=2, dim_feedforward=16)),
        ("TransformerEncoderLayer", dict(d_model=8, nhead=2, bias=False, layer_norm_eps=1e-3)),
        ("TransformerDecoderLayer", dict(d_model=8, nhead=4, dim_feedforward=6, dropout=0.2)),
    ],
)
def test_parts_are_torchs_sub_modules(layer, kw):
    """Names, classes and each part's weights (shapes) as torch's ``named_modules``."""
    with torch.device("meta"):
        real = getattr(nn, layer)(**kw)
    want = [(n, type(m).__name__) for n, m in real.named_modules()][1:]

    def walk(leaf: Leaf, prefix: str) -> list:
        out = []
        for n, p in leafparts.parts(leaf) or []:
            out.append((prefix + n, p))
            out.extend(walk(p, prefix + n + "."))
        return out

    leaf = Leaf(layer, dict(kw), None, torch=f"torch.nn.{layer}")
    got = walk(leaf, "")
    assert [(n, str(p.torch).rsplit(".", 1)[-1]) for n, p in got] == want
    for n, p in got:
        sub = real.get_submodule(n)
        spec = catalogue.get(p.type)
        shapes = {k: tuple(v) for k, v in dict(spec.weights(spec.bind(dict(p.params)))).items()}
        if isinstance(p, leafparts.PartLeaf) and p.type == "MultiheadAttention":
            continue  # its own weights are checked where it is the layer itself
        assert shapes == {k: tuple(v.shape) for k, v in sub.named_parameters()}, n
        assert getattr(sub, "p", None) == p.params.get("p", getattr(sub, "p", None))


def test_dropping_biases_over_a_walk_reaching_out_proj_is_unknown(tmp_path):
    # torch drops out_proj's bias too (312); the walk did not reach it (320: a confident wrong)
    got, want = static(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.attn = nn.MultiheadAttention(8, 2)
                self.fc = nn.Linear(8, 4)
                for m in self.modules():
                    if isinstance(m, nn.Linear):
                        m.bias = None

        model = M()
        """,
    )
    assert (got, want) == (None, 312)


def test_init_loops_and_walk_sizes_stay_exact(tmp_path):
    got, want = static(
        tmp_path,
        model(
            """
            for m in self.modules():
                if isinstance(m, nn.Linear):
                    nn.init.xavier_uniform_(m.weight)
                    if m.bias is not None:
                        nn.init.zeros_(m.bias)
                elif isinstance(m, nn.LayerNorm):
                    nn.init.ones_(m.weight)
            for name, p in self.named_parameters():
                if p.dim() > 1:
                    nn.init.xavier_uniform_(p)
            linears = [n for n, m in self.named_modules() if isinstance(m, nn.Linear)]
            exact = [n for n, m in self.named_modules() if type(m) is nn.Linear]
            kids = len(list(self.enc.children())) + len(self.attn._modules)
            n_par = len(list(self.parameters()))
            fan = sum(m.in_features for m in self.modules() if isinstance(m, nn.Linear))
            self.head = nn.Linear(len(linears), len(exact) + kids + n_par + fan)
            """
        ),
    )
    assert got == want


def test_freezing_over_a_walk_stays_exact(tmp_path):
    got, want = static(
        tmp_path,
        model(
            """
            for m in self.modules():
                if isinstance(m, nn.Linear):
                    for p in m.parameters():
                        p.requires_grad = False
            """
        ),
    )
    assert got == want


def test_tie_to_a_part_weight_counts_once(tmp_path):
    got, want = static(
        tmp_path,
        model(
            """
            found = [m for n, m in self.named_modules() if n == "attn.out_proj"]
            self.tie = nn.Linear(8, 8, bias=False)
            self.tie.weight = found[0].weight
            """
        ),
    )
    assert got == want


@pytest.mark.parametrize(
    "body",
    [
        "self.apply(lambda m: setattr(m, 'bias', None) if isinstance(m, nn.Linear) else None)",
        "for m in self.enc.modules():\n    if isinstance(m, nn.LayerNorm):\n        m.weight = None",
        "self.attn._modules['out_proj'] = nn.Linear(8, 8)",
        "for n, m in self.named_modules():\n    if n.endswith('linear1'):\n        m.extra = nn.Linear(2, 2)",
    ],
)
def test_writes_to_a_part_leave_the_count_unknown(tmp_path, body):
    got, want = static(tmp_path, model(body))
    assert got is None and want > 0


def test_apply_runs_its_function(tmp_path):
    # ``apply`` was a no-op: the biases it drops were counted (36 vs torch's 32)
    got, want = static(
        tmp_path,
        """
        import torch.nn as nn

        def nobias(m):
            if isinstance(m, nn.Linear):
                m.bias = None

        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(4, 4)
                self.n = nn.LayerNorm(4)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(8, 4)
                self.blocks = nn.ModuleList(Block() for _ in range(2))
                self.order = []
                self.apply(nobias)
                self.apply(lambda m: self.order.append(type(m).__name__))
                self.tail = nn.Linear(2, len(self.order) + self.order.index("Block"))

        model = M()
        """,
    )
    assert got == want


def test_init_by_apply_over_attention_stays_exact(tmp_path):
    got, want = static(
        tmp_path,
        model(
            """
            def init(m):
                if isinstance(m, nn.Linear):
                    nn.init.normal_(m.weight, std=0.02)
                    if m.bias is not None:
                        nn.init.zeros_(m.bias)
                elif isinstance(m, nn.LayerNorm):
                    m.weight.data.fill_(1.0)
            self.apply(init)
            """
        ),
    )
    assert got == want


def test_walk_through_torchs_own_encoder_is_exact(tmp_path):
    # ``nn.TransformerEncoder`` is read from torch's source: its layers are the catalogue's
    # ``TransformerEncoderLayer``, walked through their parts
    got, want = static(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16), 2)
                self.fc = nn.Linear(8, len(list(self.modules())))

        model = M()
        """,
    )
    assert got == want


def test_walk_over_a_layer_without_a_table_is_unknown(tmp_path):
    # AdaptiveLogSoftmaxWithLoss holds ``head`` and ``tail``: no table, never counted short
    got, want = static(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.out = nn.AdaptiveLogSoftmaxWithLoss(8, 20, [5, 10])
                self.fc = nn.Linear(8, len(list(self.modules())))

        model = M()
        """,
    )
    assert want > 0 and got is None


# --- e3nn's compiled kernels (library/torchversion.py, pkgversion.py, fxgraph.py) ---------


def test_torch_version_and_release_comparisons(tmp_path):
    got, want = static(
        tmp_path,
        """
        import torch
        import torch.nn as nn
        import packaging.version
        from packaging.version import Version, parse

        S = torch.__version__.split("+")[0]
        V = packaging.version.parse(S)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                new = V >= packaging.version.parse("2.10")
                self.a = nn.Linear(2, 3 if new else 4)
                self.b = nn.Linear(2, len(S) + V.major + V.minor)
                self.c = nn.Linear(2, 5 if Version("2.10") == parse("2.10.0") else 6)
                self.d = nn.Linear(2, 7 if parse("1.9") < parse("1.10") else 8)
                self.e = nn.Linear(2, 2 if parse(torch.__version__) > parse("2.0") else 9)

        model = M()
        """,
    )
    assert got == want


@pytest.mark.parametrize("s", ["2.10rc1", "1!2.0", "2.0.post1"])
def test_versions_not_modelled_are_unknown(tmp_path, s):
    f = write(
        tmp_path,
        f"""
        import torch.nn as nn
        from packaging.version import parse

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(2, 3 if parse("{s}") >= parse("2.0") else 4)

        model = M()
        """,
    )
    assert torch_count(f) > 0
    assert parse_source(f).params_total() is None


def test_graph_module_over_a_root_without_parameters(tmp_path):
    # torch copies into a GraphModule only what its graph names from root: no parameter
    # where root holds none; a root with parameters stays unknown
    got, want = static(
        tmp_path,
        """
        import torch
        import torch.nn as nn
        from torch import fx

        def graph():
            g = fx.Graph()
            x = g.placeholder("x")
            g.output(g.call_function(torch.relu, (x,)))
            return g

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                consts = nn.Module()
                consts.register_buffer("c0", torch.zeros(3))
                self.f = fx.GraphModule({}, graph(), "f")
                self.g = fx.GraphModule(consts, graph())
                self.h = fx.GraphModule(nn.Module(), graph())
                self.lin = nn.Linear(3, 2)

        model = M()
        """,
    )
    assert got == want
    f = write(
        tmp_path,
        """
        import torch
        import torch.nn as nn
        from torch import fx

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                root = nn.Module()
                root.w = nn.Parameter(torch.zeros(3))
                g = fx.Graph()
                x = g.placeholder("x")
                g.output(g.call_function(torch.add, (x, g.get_attr("w"))))
                self.f = fx.GraphModule(root, g)

        model = M()
        """,
    )
    assert torch_count(f) == 3
    assert parse_source(f).params_total() is None


@pytest.mark.skipif(
    __import__("importlib").util.find_spec("e3nn") is None, reason="e3nn not installed"
)
def test_e3nn_linear_and_tensor_product(tmp_path):
    got, want = static(
        tmp_path,
        """
        from e3nn import o3

        model = o3.FullyConnectedTensorProduct("2x0e + 1x1o", "1x0e + 1x1o", "3x0e + 1x1o")
        """,
    )
    assert got == want


def test_a_part_held_again_is_unknown(tmp_path):
    # torch shares ``out_proj`` with the attention layer (counted once); never counted twice
    got, want = static(
        tmp_path,
        model(
            """
            self.linears = nn.ModuleList(m for m in self.modules() if isinstance(m, nn.Linear))
            """
        ),
    )
    assert got is None and want > 0


def test_apply_with_parameter_surgery(tmp_path):
    # ``register_parameter("bias", None)`` on a torch layer was ignored (a bias counted that
    # torch drops); ``zeros_like(conv.bias)`` had no shape (the layer unknown)
    got, want = static(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class Unit(nn.Module):
            def __init__(self, d, drop):
                super().__init__()
                self.lin = nn.Linear(d, d)
                self.cv = nn.Conv2d(d, d, 1)
                self.drop = drop

        def surgery(m):
            if isinstance(m, Unit):
                if m.drop:
                    m.lin.register_parameter("bias", None)
                m.cv.bias = nn.Parameter(torch.ones_like(m.cv.bias))

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.units = nn.ModuleList([Unit(6, True), Unit(6, False), Unit(3, True)])
                self.apply(surgery)

        model = M()
        """,
    )
    assert got == want == 2 * (6 * 6 + 6 * 6 + 6) + 6 + 3 * 3 + 3 * 3 + 3
