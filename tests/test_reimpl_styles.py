"""Config and weight styles of users' own re-implementations, each counted against torch.

Each case is a small model file in one style (a dict subclass read by attribute, a
``MappingProxyType`` table, ...): the static ``params_total`` of ``M`` must equal the
parameter count of ``M()`` built on the meta device, and the values the style holds must be
the ones CPython reads.
"""

from __future__ import annotations

import runpy
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.library.machine import Interp
from driftcheck.parsers.source.loader import Finder, parse_file
from driftcheck.parsers.source.values.abstract import Unknown, plain

torch = pytest.importorskip("torch")


def _torch_count(path: str) -> int:
    with torch.device("meta"):
        m = runpy.run_path(path, run_name="__stylecase__")["M"]()
    return sum(p.numel() for p in {id(p): p for p in m.parameters()}.values())


def _static_global(tmp_path, code: str, name: str = "result"):
    f = tmp_path / "stylecase.py"
    f.write_text(textwrap.dedent(code))
    mod = parse_file(f, "stylecase")
    interp = Interp(Finder([tmp_path]))
    interp.names.add_module(mod)
    return interp.names.global_lookup(mod, name)


MODELS: dict[str, str] = {
    "dict_subclass_attribute_access": """
        import torch.nn as nn
        class AttrDict(dict):
            __getattr__ = dict.__getitem__
            __setattr__ = dict.__setitem__
        class SelfDict(dict):
            def __init__(self, *a, **k):
                super().__init__(*a, **k)
                self.__dict__ = self
        H = AttrDict({"d": 16, "layers": 2})
        H.ffn = 48
        S = SelfDict(vocab=30)
        class M(nn.Module):
            def __init__(self, h=H):
                super().__init__()
                self.emb = nn.Embedding(S.vocab, h.d)
                self.layers = nn.ModuleList(
                    [nn.Linear(h.d, h["ffn"]) for _ in range(h.layers)]
                )
    """,
    "mapping_proxy_table": """
        from types import MappingProxyType
        import torch.nn as nn
        HP = MappingProxyType({"vocab": 80, "width": 16, "layers": 3})
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = nn.Embedding(HP["vocab"], HP["width"])
                self.blocks = nn.ModuleList(
                    [nn.Linear(HP["width"], HP["width"]) for _ in range(HP["layers"])]
                )
    """,
    "config_from_name_table": """
        from dataclasses import dataclass
        import torch.nn as nn
        configs = [dict(name="tiny", n_embd=16, n_layer=2), dict(name="big", n_embd=4096, n_layer=28)]
        name_to_config = {c["name"]: c for c in configs}
        @dataclass
        class Config:
            name: str = ""
            n_embd: int = 4096
            n_layer: int = 28
            @classmethod
            def from_name(cls, name: str, **kwargs) -> "Config":
                return cls(**{**name_to_config[name], **kwargs})
        class M(nn.Module):
            def __init__(self, config: Config | None = None):
                super().__init__()
                config = config or Config.from_name("tiny")
                self.h = nn.ModuleList(
                    [nn.Linear(config.n_embd, config.n_embd) for _ in range(config.n_layer)]
                )
    """,
    "config_none_replaced_by_if": """
        from dataclasses import dataclass
        import torch.nn as nn
        @dataclass
        class Config:
            d: int = 512
        class M(nn.Module):
            def __init__(self, config: Config = None):
                super().__init__()
                if config is None:
                    config = Config(d=8)
                self.lin = nn.Linear(config.d, config.d)
    """,
    "parameter_from_tensor_methods": """
        import torch
        import torch.nn as nn
        def sinusoids(length, channels):
            inc = torch.log(torch.tensor(10000.0)) / (channels // 2 - 1)
            inv = torch.exp(-inc * torch.arange(channels // 2))
            t = torch.arange(length)[:, None] * inv[None]
            return torch.cat([t.sin(), t.cos()], dim=1)
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.pos = nn.Parameter(sinusoids(10, 8))
                x = torch.ones(3, 4)
                self.other = nn.Parameter(x.rsqrt() + x.reciprocal().square().floor())
    """,
}


@pytest.mark.parametrize("name", sorted(MODELS))
def test_model_count_matches_torch(name, tmp_path):
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(MODELS[name]))
    g = parse_source(path, entry="M")
    assert g.params_total() == _torch_count(str(path)), [str(n) for n in g.notes]


def test_dict_subclass_reads_as_cpython(tmp_path):
    code = """
        class AttrDict(dict):
            __getattr__ = dict.__getitem__
            __setattr__ = dict.__setitem__
        class GetDict(dict):
            __getattr__ = dict.get
        H = AttrDict({"vocab": 600, "emb": 32})
        H.extra = 5
        J = GetDict(x=3)
        result = (H.vocab, H["emb"], H["extra"], H.extra, J.x)
    """
    want = runpy.run_path(str(_write(tmp_path / "run.py", code)))["result"]
    got = tuple(plain(x) for x in _static_global(tmp_path, code))
    assert got == want
    # an item the dict does not hold: Python raises (or ``dict.get`` gives None); never a value
    miss = _static_global(tmp_path, code.replace("result = (", "result = (H.nope, "))
    assert isinstance(miss[0], Unknown)


def _write(path, code: str):
    path.write_text(textwrap.dedent(code))
    return path


REGISTRY_MODEL = """
    import torch.nn as nn
    REGISTRY = {}
    def register(name):
        def wrap(cls):
            REGISTRY[name] = cls
            return cls
        return wrap
    def build(name, **kw):
        return REGISTRY[name](**kw)
    @register("mlp")
    class MLP(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.fc = nn.Linear(d, 2 * d)
    @register("norm")
    class Norm(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.ln = nn.LayerNorm(d)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([build("mlp", d=8) for _ in range(2)])
            self.norm = build("norm", d=8)
"""


def test_root_is_not_a_class_built_through_a_registry(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(REGISTRY_MODEL))
    g = parse_source(path)  # no entry: MLP and Norm are built by build(), M is the root
    assert g.name == "M"
    assert g.params_total() == _torch_count(str(path))
    # a registry nobody reads through a used function does not make its classes used
    unread = REGISTRY_MODEL.replace('build("mlp", d=8)', "MLP(8)").replace(
        'build("norm", d=8)', "nn.Identity()"
    )
    path.write_text(textwrap.dedent(unread))
    from driftcheck.parsers.source.analyze import AmbiguousRoot

    with pytest.raises(AmbiguousRoot):
        parse_source(path)


DENSE = """
    import math
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    class Dense(nn.Module):
        def __init__(self, fan_in, fan_out, bias=True):
            super().__init__()
            self.weight = nn.Parameter(torch.empty(fan_out, fan_in))
            self.bias = nn.Parameter(torch.empty(fan_out)) if bias else None
            nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        def forward(self, x):
            return F.linear(x, self.weight, self.bias)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.q = Dense(16, 32)
            self.o = Dense(32, 16, bias=False)
            self.again = self.q
        def forward(self, x):
            return self.o(self.q(x))
"""


def test_hand_rolled_linear_is_a_linear(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(DENSE))
    g = parse_source(path, entry="M")
    assert g.params_total() == _torch_count(str(path))
    lin = {n.name: n for n in g.nodes if n.type == "Linear"}
    assert lin["q"].params == {"in_features": 16, "out_features": 32, "bias": True}
    assert lin["o"].params == {"in_features": 32, "out_features": 16, "bias": False}
    # torch's own module with the same weights computes the same output
    ns = runpy.run_path(str(path))
    m = ns["M"]()
    with torch.no_grad():  # the bias is ``torch.empty``: uninitialised memory may hold NaN
        m.q.bias.uniform_(-1.0, 1.0)
    ref = torch.nn.Linear(16, 32)
    ref.load_state_dict(m.q.state_dict())
    x = torch.randn(3, 16)
    assert torch.equal(m.q(x), ref(x))


@pytest.mark.parametrize(
    "forward",
    [
        "return F.linear(x, self.weight, self.bias) * 2",  # more than the linear map
        "return x @ self.weight.t() + self.bias + 1",
        "return F.linear(x, self.weight.t(), self.bias)",  # another weight layout
    ],
)
def test_module_that_is_not_just_a_linear_stays_a_module(tmp_path, forward):
    path = tmp_path / "model.py"
    code = textwrap.dedent(DENSE).replace("return F.linear(x, self.weight, self.bias)", forward)
    code = code.replace("torch.empty(fan_out, fan_in)", "torch.empty(fan_in, fan_in)")
    path.write_text(code)
    g = parse_source(path, entry="M")
    assert not [n for n in g.nodes if n.type == "Linear"]
    assert g.params_total() == _torch_count(str(path))


TIED_HEAD = """
    import torch.nn as nn
    import torch.nn.functional as F
    class TiedHead(nn.Module):
        def __init__(self, embedding):
            super().__init__()
            self.embedding = embedding
        def forward(self, h):
            return F.linear(h, self.embedding.weight)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Embedding(50, 8)
            self.body = nn.Linear(8, 8)
            self.head = TiedHead(self.embed)
        def forward(self, ids):
            return self.head(self.body(self.embed(ids)))
"""


def test_head_on_the_embeddings_table_is_a_tied_linear(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(TIED_HEAD))
    g = parse_source(path, entry="M")
    assert g.params_total() == _torch_count(str(path))  # the table counted once
    head = next(n for n in g.nodes if n.name == "head")
    assert head.type == "Linear" and head.tied == {"weight": "embed.weight"}
    assert head.params == {"in_features": 8, "out_features": 50, "bias": False}
    # a table only the head holds is the head's own weight in torch: not a tie
    alone = textwrap.dedent(TIED_HEAD).replace(
        "TiedHead(self.embed)", "TiedHead(nn.Embedding(50, 8))"
    )
    path.write_text(alone)
    g = parse_source(path, entry="M")
    assert g.params_total() == _torch_count(str(path))
    assert not any(n.tied for n in g.nodes)


RAW = """
    import math
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    def w(*shape):
        return nn.Parameter(torch.randn(*shape) / math.sqrt(shape[0]))
    class Attn(nn.Module):
        def __init__(self, d, inner):
            super().__init__()
            self.wq, self.wo = w(d, inner), w(inner, d)
            self.gate = w(d, 4)
        def forward(self, x):
            q = torch.einsum("btd,di->bti", x, self.wq)
            return torch.einsum("...i,id->...d", q, self.wo) + x @ self.gate.t()[:1, :1]
    class M(nn.Module):
        def __init__(self, vocab=50, ctx=16, d=8):
            super().__init__()
            self.wte = nn.Parameter(torch.randn(vocab, d))
            self.wpe = nn.Parameter(torch.zeros(ctx, d))
            nn.init.normal_(self.wpe)
            self.attn = Attn(d, 12)
            self.mlp = w(d, 32)
            self.mlp_out = w(32, d)
        def forward(self, ids):
            x = F.embedding(ids, self.wte) + self.wpe[: ids.shape[1]]
            x = x + self.attn(x)
            x = x + F.gelu(x @ self.mlp) @ self.mlp_out
            return F.linear(x, self.wte)
"""


def test_bare_parameters_typed_by_their_uses(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(RAW))
    g = parse_source(path, entry="M")
    assert g.params_total() == _torch_count(str(path))
    types = {n.name: (n.type, n.params) for n in g.nodes if n.type in ("Linear", "Embedding")}
    assert types["wte"] == ("Embedding", {"num_embeddings": 50, "embedding_dim": 8})
    assert types["wpe"] == ("Embedding", {"num_embeddings": 16, "embedding_dim": 8})
    lin = {"in_features": 8, "out_features": 12, "bias": False}
    assert types["attn.wq"] == ("Linear", lin)
    assert types["attn.wo"][1] == {"in_features": 12, "out_features": 8, "bias": False}
    assert types["mlp"][1]["out_features"] == 32 and types["mlp_out"][1]["in_features"] == 32
    # ``gate`` is read transposed and sliced: not a layer use, it stays a bare parameter
    assert "attn.gate" not in types
    assert next(n for n in g.nodes if n.name == "attn.gate").type == "Parameter"
    # the typed layers compute what the parameters computed
    ns = runpy.run_path(str(path))
    torch.manual_seed(0)
    m = ns["M"]()
    x = torch.randn(2, 5, 8)
    lin_q = torch.nn.Linear(8, 12, bias=False)
    lin_q.weight.data = m.attn.wq.data.t()
    assert torch.allclose(torch.einsum("btd,di->bti", x, m.attn.wq), lin_q(x), atol=1e-6)


@pytest.mark.parametrize(
    "change",
    [
        ("x @ self.mlp)", "x @ self.mlp.t().t())"),  # another use of mlp
        ('"btd,di->bti"', '"btd,id->bti"'),  # a contraction that is not x @ wq
        ("self.wpe[: ids.shape[1]]", "self.wpe[1:]"),  # not the leading rows
    ],
)
def test_bare_parameters_with_other_uses_stay_parameters(tmp_path, change):
    path = tmp_path / "model.py"
    code = textwrap.dedent(RAW).replace(*change)
    path.write_text(code)
    g = parse_source(path, entry="M")
    assert g.params_total() == _torch_count(str(path))
    names = {"x @ self.mlp)": "mlp", '"btd,di->bti"': "attn.wq", "self.wpe[: ids.shape[1]]": "wpe"}
    node = next(n for n in g.nodes if n.name == names[change[0]])
    assert node.type == "Parameter"


def test_a_modules_own_weight_is_not_split_off(tmp_path):
    # ``self.weight`` of an embedding-like module is that module's layer weight (state-dict
    # name ``emb.weight``): it is not turned into a child layer ``emb.weight.weight``
    code = """
        import torch
        import torch.nn as nn
        import torch.nn.functional as F
        class Emb(nn.Module):
            def __init__(self):
                super().__init__()
                self.weight = nn.Parameter(torch.randn(10, 4))
            def forward(self, ids):
                return F.embedding(ids, self.weight) * 2
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = Emb()
    """
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    g = parse_source(path, entry="M")
    assert g.params_total() == _torch_count(str(path))
    assert next(n for n in g.nodes if n.name == "emb.weight").type == "Parameter"


def test_code_that_picks_its_own_config_keeps_it_against_a_given_config(tmp_path):
    # ``config = config or Config.from_name("tiny")``: the model the file builds is the
    # tiny one; a config given to compare with is compared with it, not poured into it
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(MODELS["config_from_name_table"]))
    given = {"n_embd": 32, "n_layer": 5}
    g = parse_source(path, entry="M", config=given)
    assert g.params_total() == _torch_count(str(path))
    # a config parameter the code leaves to its caller still takes the given config
    required = (
        textwrap.dedent(MODELS["config_from_name_table"])
        .replace("config: Config | None = None", "config: Config")
        .replace('config = config or Config.from_name("tiny")', "pass")
    )
    path.write_text(required)
    g = parse_source(path, entry="M", config=given)
    assert g.params_total() == 5 * (32 * 32 + 32)


def test_rows_gathered_by_ids_are_a_table(tmp_path):
    # ``self.wte[ids]`` computes ``F.embedding(ids, self.wte)`` (checked in torch), so wte is
    # the token table; ``self.wte[0]`` (a constant row) is no lookup and stays a Parameter
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(RAW).replace("F.embedding(ids, self.wte)", "self.wte[ids]"))
    g = parse_source(path, entry="M")
    assert g.params_total() == _torch_count(str(path))
    wte = next(n for n in g.nodes if n.name == "wte")
    assert (wte.type, wte.params) == ("Embedding", {"num_embeddings": 50, "embedding_dim": 8})
    t = torch.randn(50, 8)
    ids = torch.tensor([[1, 4, 49]])
    assert torch.equal(t[ids], torch.nn.functional.embedding(ids, t))
    path.write_text(textwrap.dedent(RAW).replace("F.embedding(ids, self.wte)", "self.wte[0]"))
    g = parse_source(path, entry="M")
    assert next(n for n in g.nodes if n.name == "wte").type == "Parameter"


def test_vocab_is_not_read_off_a_position_table_beside_a_bare_token_table(tmp_path):
    # the token table is used in a way no rule types (index_select): it stays a bare
    # Parameter; the typed position table (16 rows) must not be taken for the vocab (50)
    from driftcheck.graph.match.canon import canonicalise
    from driftcheck.graph.match.derive import derive

    path = tmp_path / "model.py"
    code = textwrap.dedent(RAW).replace(
        "F.embedding(ids, self.wte)", "torch.index_select(self.wte, 0, ids[0])[None]"
    )
    path.write_text(code)
    g = parse_source(path, entry="M")
    assert g.params_total() == _torch_count(str(path))
    assert next(n for n in g.nodes if n.name == "wpe").type == "Embedding"
    assert next(n for n in g.nodes if n.name == "wte").type == "Parameter"
    a, _ = canonicalise(g, g)
    facts = derive(a)
    assert "vocabSize" not in facts or facts["vocabSize"].value == 50
