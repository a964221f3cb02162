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
