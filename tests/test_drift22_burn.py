"""Drift between re-implementations and their configs (session 22, burnreimpl22, issue #17: the
false positives of the burned held-out parts of reimpl fresh11..fresh14).

Each test proves its claim in torch first (the code, built on the meta device, has the parameter
count transformers' own model has for the same config), then statically: the clean pair gives no
finding of minor or above, and a planted change gives one finding holding both values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)
LLAMA_PARAMS = 86336

HEAD = """
import torch
import torch.nn.functional as F
from torch import nn
"""

BODY = """

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        hd = WIDTH // HEADS
        self.q = nn.Linear(WIDTH, HEADS * hd, bias=False)
        self.k = nn.Linear(WIDTH, KV * hd, bias=False)
        self.v = nn.Linear(WIDTH, KV * hd, bias=False)
        self.o = nn.Linear(HEADS * hd, WIDTH, bias=False)
        self.gate = nn.Linear(WIDTH, FFN, bias=False)
        self.up = nn.Linear(WIDTH, FFN, bias=False)
        self.down = nn.Linear(FFN, WIDTH, bias=False)
        self.n1, self.n2 = nn.RMSNorm(WIDTH, eps=1e-6), nn.RMSNorm(WIDTH, eps=1e-6)
        self.hd = hd

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k(h).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v(h).view(b, t, -1, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, WIDTH)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.norm = nn.RMSNorm(WIDTH, eps=1e-6)
        self.head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x))
"""

# the sizes are taken out of a table that the same statements change (module level): each
# binding reads the table as it is at that line on import, not as the module leaves it
POINT_IN_TIME = {
    # every key popped in turn: read at the end, each pop would give its default
    "dict_pop": (
        'opts = {"vocab": 96, "layers": 2, "run": "tiny"}\n'
        'VOCAB = opts.pop("vocab", 151936)\n'
        'LAYERS = opts.pop("layers", 28)\n'
        'HEADS = opts.pop("heads", 4)\n'
        'KV = opts.pop("kv", 2)\n'
        'FFN = opts.pop("ffn", 128)\n'
        'WIDTH = opts.pop("width", 64)\n',
        "LAYERS = opts.pop",
        'LAYERS = opts.pop("layers", 28) + 1  #',
    ),
    # a stack popped from the end: read at the end, the list is empty (IndexError)
    "list_pop": (
        "stack = [128, 2, 4, 64, 2, 96]\n"
        "VOCAB = stack.pop()\n"
        "KV = stack.pop()\n"
        "WIDTH = stack.pop()\n"
        "HEADS = stack.pop()\n"
        "LAYERS = stack.pop()\n"
        "FFN = stack.pop()\n",
        "stack = [128, 2, 4, 64, 2, 96]",
        "stack = [160, 2, 4, 64, 2, 96]",
    ),
    # read first, overwritten later in the module (a second preset for another run)
    "read_then_set": (
        'sizes = {"vocab": 96, "layers": 2, "heads": 4, "kv": 2, "ffn": 128, "width": 64}\n'
        'VOCAB, LAYERS, HEADS = sizes["vocab"], sizes["layers"], sizes["heads"]\n'
        'KV, FFN, WIDTH = sizes["kv"], sizes["ffn"], sizes["width"]\n'
        'sizes["layers"] = 24\n'
        "sizes.update(ffn=4096, width=1024)\n",
        'sizes = {"vocab": 96, "layers": 2,',
        'sizes = {"vocab": 96, "layers": 3,',
    ),
}


@pytest.mark.parametrize("how", sorted(POINT_IN_TIME))
def test_a_global_reads_its_table_as_of_its_line(tmp_path, how):
    """A module global bound from a table that later statements (or the binding itself:
    ``opts.pop``) change holds the table's value at its own line on import
    (``modglobals._point_in_time``). Read lazily, it saw the table as the whole module leaves
    it: every key popped (the defaults: 151936 rows, 28 layers, a confident wrong model: fresh12
    qwen3_dict_pop, 3 majors on a clean pair), an empty stack, the overwritten preset."""
    sizes, old, new = POINT_IN_TIME[how]
    code = write(tmp_path, "m.py", HEAD + sizes + BODY)
    cfg, path = config(tmp_path, "cfg", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf) == LLAMA_PARAMS
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", HEAD + sizes.replace(old, new, 1) + BODY)
    mine, _ = torch_pair(planted, cfg)
    assert count(mine) != LLAMA_PARAMS
    want = {"dict_pop": (3, 2), "list_pop": (160, 128), "read_then_set": (3, 2)}[how]
    one(run(planted, path), *want)


NEMOTRON_H = dict(
    architectures=["NemotronHForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    layers_block_type=["linear_attention", "full_attention", "linear_attention", "mlp"],
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    mamba_num_heads=8,
    mamba_head_dim=16,
    ssm_state_size=16,
    n_groups=2,
    conv_kernel=4,
    intermediate_size=128,
    tie_word_embeddings=False,
)

HYBRID = """
import torch
import torch.nn.functional as F
from torch import nn

SIZES
INNER = SSM_HEADS * SSM_DIM
XBC = INNER + 2 * GROUPS * STATE


class Mixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(WIDTH, INNER + XBC + SSM_HEADS, bias=False)
        self.conv1d = nn.Conv1d(XBC, XBC, CONV, groups=XBC, padding=CONV - 1)
        self.dt_bias = nn.Parameter(torch.ones(SSM_HEADS))
        self.A_log = nn.Parameter(torch.zeros(SSM_HEADS))
        self.D = nn.Parameter(torch.ones(SSM_HEADS))
        self.norm = nn.RMSNorm(INNER)
        self.out_proj = nn.Linear(INNER, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        z, xbc, dt = self.in_proj(x).split([INNER, XBC, SSM_HEADS], -1)
        xbc = F.silu(self.conv1d(xbc.transpose(1, 2))[..., :t].transpose(1, 2))
        xs, B, C = xbc.split([INNER, GROUPS * STATE, GROUPS * STATE], -1)
        dt = F.softplus(dt + self.dt_bias)
        y = xs.view(b, t, SSM_HEADS, SSM_DIM) * (dt * -self.A_log.exp()).exp()[..., None]
        y = y + xs.view(b, t, SSM_HEADS, SSM_DIM) * self.D[:, None]
        return self.out_proj(self.norm(y.reshape(b, t, INNER) * F.silu(z)))


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(WIDTH, HEADS * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(HEADS * HEAD_DIM, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, HEAD_DIM).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV, HEAD_DIM).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, HEAD_DIM).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        return self.down_proj(F.relu(self.up_proj(x)).square())


KINDS = {"M": Mixer, "*": Attention, "-": Mlp}


class Layer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.norm = nn.RMSNorm(WIDTH, eps=1e-5)
        self.mixer = KINDS[kind]()

    def forward(self, x):
        return x + self.mixer(self.norm(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer(k) for k in PATTERN)
        self.norm_f = nn.RMSNorm(WIDTH, eps=1e-5)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embeddings(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm_f(x))
"""

HYBRID_SIZES = {
    "constants": (
        'PATTERN = "M*M-"\n'
        "VOCAB, WIDTH, FFN = 96, 64, 128\n"
        "HEADS, KV, HEAD_DIM = 4, 2, 16\n"
        "SSM_HEADS, SSM_DIM, STATE, GROUPS, CONV = 8, 16, 16, 2, 4\n"
    ),
    "namespace": (
        "from types import SimpleNamespace\n"
        "hp = SimpleNamespace(pattern='M*M-', vocab=96, width=64, ffn=128, heads=4, kv=2,\n"
        "                     head_dim=16, ssm_heads=8, ssm_dim=16, state=16, groups=2, conv=4)\n"
        "PATTERN, VOCAB, WIDTH, FFN = hp.pattern, hp.vocab, hp.width, hp.ffn\n"
        "HEADS, KV, HEAD_DIM = hp.heads, hp.kv, hp.head_dim\n"
        "SSM_HEADS, SSM_DIM, STATE = hp.ssm_heads, hp.ssm_dim, hp.state\n"
        "GROUPS, CONV = hp.groups, hp.conv\n"
    ),
}


@pytest.mark.parametrize("how", sorted(HYBRID_SIZES))
def test_attention_heads_against_a_hybrids_config(tmp_path, how):
    """A hybrid whose code states no head count (module constants, no ``num_heads``
    attribute): its attention's split (4 heads) is what the config's ``num_attention_heads``
    says, not the reference's mamba mixer ``num_heads = config.mamba_num_heads`` (8), which the
    config side took as its fact (``sides._code_facts_of_reference``, ``_other_key``: like for
    like with a code that states the fact by attribute only). fresh12 nemotron_h_pattern_count:
    a major "inner width 128 split as 4 heads x 32 ... 8 heads x 16" on a clean pair. Its
    config's expert counts (the class defaults) build nothing: no MLP block of the block list
    is ``moe`` (``unread._no_sparse_layer``), so no minor unread-config-key either."""
    code = write(tmp_path, "m.py", HYBRID.replace("SIZES\n", HYBRID_SIZES[how]))
    cfg, path = config(tmp_path, "cfg", "NemotronHConfig", **NEMOTRON_H)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    # the attention's heads still count: 2 heads against the config's 4
    sizes = HYBRID_SIZES[how].replace("= 4, 2, 16", "= 2, 2, 16").replace("heads=4", "heads=2")
    planted = write(tmp_path, "p.py", HYBRID.replace("SIZES\n", sizes))
    mine, _ = torch_pair(planted, cfg)
    assert count(mine) == count(hf) - 2 * 2 * 16 * 64
    one(run(planted, path), 2, 4)


@pytest.mark.parametrize(
    ("kinds", "claim"),
    [
        (["linear_attention", "full_attention", "linear_attention", "mlp"], False),
        (["full_attention", "mlp", "full_attention", "mlp"], False),
        (["linear_attention", "moe", "full_attention", "mlp"], True),  # an expert block
        (["mamba", "attention", "mamba", "attention"], True),  # Jamba: mixers only
        (["full_attention", "sliding_attention"], True),  # Qwen3-MoE: attention kinds only
    ],
)
def test_expert_keys_of_a_block_list(kinds, claim):
    """The expert counts a config writes are a claim only where its block list (one kind per
    layer, MLP blocks among them: NemotronH) names an expert block, or where the list names
    mixers / attention kinds alone and says nothing of the MLPs (``unread._no_sparse_layer``).
    Checked against transformers: NemotronH builds its MoE mixer only for ``moe`` entries."""
    from driftcheck.drift.unread import claims

    cfg = {"layers_block_type": kinds, "n_routed_experts": 8, "num_experts_per_tok": 2}
    got = {key for _, key, _ in claims(cfg)}
    assert ("n_routed_experts" in got) is claim
    assert ("num_experts_per_tok" in got) is claim
    if kinds[-1] == "mlp":  # transformers' own model: an expert module only for a moe entry
        hf = _nemotron(kinds)
        has_experts = any("experts" in n for n, _ in hf.named_modules())
        assert has_experts is claim


def _nemotron(kinds: list[str]):
    """transformers' NemotronH for this block list, on the meta device."""
    import warnings

    kw = dict(NEMOTRON_H, layers_block_type=kinds, moe_intermediate_size=32,
              moe_shared_expert_intermediate_size=32)  # fmt: skip
    kw.pop("architectures")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cfg = transformers.NemotronHConfig(**kw)
        with torch.device("meta"):
            return transformers.AutoModelForCausalLM.from_config(cfg)


HEX_SIZES = {
    "powers": (
        'VOCAB, WIDTH = int(float.fromhex("0x1.8p6")), int(float.fromhex("0x1p6"))\n'
        'LAYERS, HEADS = int(float.fromhex("0x1p1")), int(float.fromhex("0x1p2"))\n'
        'KV, FFN = int(float.fromhex("0x2p0")), int(float.fromhex("0x1p7"))\n'
    ),
    "table": (
        'HEX = {"VOCAB": "0x60", "WIDTH": "0x40.0", "LAYERS": "0x2", "HEADS": "0x4",\n'
        '       "KV": "0x2", "FFN": "0x80"}\n'
        "VOCAB, WIDTH, LAYERS, HEADS, KV, FFN = (int(float.fromhex(HEX[k])) for k in HEX)\n"
    ),
}


@pytest.mark.parametrize("how", sorted(HEX_SIZES))
def test_sizes_as_hex_floats(tmp_path, how):
    """``float.fromhex`` (C99 hex floats, a firmware header's ``%a``) is Python's own parse of a
    known string (``library/python.py``); unmodelled, every size was unknown and a planted
    depth went unseen (fresh12 vit_float_fromhex: 4 of 4 plants missed)."""
    code = write(tmp_path, "m.py", HEAD + HEX_SIZES[how] + BODY)
    cfg, path = config(tmp_path, "cfg", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf) == LLAMA_PARAMS
    assert run(code, path) == []
    sizes = (
        HEX_SIZES[how].replace('"0x1p1"', '"0x1.8p1"').replace('"LAYERS": "0x2"', '"LAYERS": "0x3"')
    )
    planted = write(tmp_path, "p.py", HEAD + sizes + BODY)
    mine, _ = torch_pair(planted, cfg)
    assert count(mine) != LLAMA_PARAMS
    one(run(planted, path), 3, 2)
