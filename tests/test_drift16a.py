"""Drift between re-implementations and their configs (session 16, issue #17: the seventh and
eighth re-implementation sets' development parts). Each rule is proven in torch first, on
code written here (not the corpus's): the code builds transformers' parameter count for the
same config, and transformers' own model shows the sizes the rule reads; then the comparison
says nothing on the clean pair and one finding holding both values where one value differs.

- Multi-head latent attention (DeepSeek-V2/V3, MiniCPM3, Youtu): ``kv_lora_rank``,
  ``q_lora_rank`` and ``v_head_dim`` are facts of their own, read off the layers (a norm of
  the rank between the down projection, ``rank + rope`` wide, and the up projection; the
  value width from the query, key/value and output projections), so a changed rank is one
  finding naming it, not three shape findings.
"""

from __future__ import annotations

import pytest

from driftcheck.drift import load_sides
from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

# DeepSeek-V2-Lite style: no query latent (the query projection reads the model width), a
# hand-written RMSNorm, sizes as module constants, the first layer dense like the others
LATENT = """
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, WIDTH, DEPTH, HEADS, FFN = 120, 64, 2, 4, 96
KV_RANK, NOPE, ROPE, VDIM = 32, 16, 8, 24
Q_RANK = None


class Norm(nn.Module):
    def __init__(self, n, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class LatentAttention(nn.Module):
    def __init__(self):
        super().__init__()
        qk = NOPE + ROPE
        if Q_RANK is None:
            self.wq = nn.Linear(WIDTH, HEADS * qk, bias=False)
        else:
            self.wq_a = nn.Linear(WIDTH, Q_RANK, bias=False)
            self.q_norm = Norm(Q_RANK)
            self.wq_b = nn.Linear(Q_RANK, HEADS * qk, bias=False)
        self.wkv_a = nn.Linear(WIDTH, KV_RANK + ROPE, bias=False)
        self.kv_norm = Norm(KV_RANK)
        self.wkv_b = nn.Linear(KV_RANK, HEADS * (NOPE + VDIM), bias=False)
        self.wo = nn.Linear(HEADS * VDIM, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        if Q_RANK is None:
            q = self.wq(x)
        else:
            q = self.wq_b(self.q_norm(self.wq_a(x)))
        q = q.view(b, t, HEADS, NOPE + ROPE).transpose(1, 2)
        latent, k_rot = torch.split(self.wkv_a(x), [KV_RANK, ROPE], dim=-1)
        kv = self.wkv_b(self.kv_norm(latent)).view(b, t, HEADS, NOPE + VDIM).transpose(1, 2)
        k_pass, v = torch.split(kv, [NOPE, VDIM], dim=-1)
        k = torch.cat((k_pass, k_rot.unsqueeze(1).expand(-1, HEADS, -1, -1)), dim=-1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, HEADS * VDIM))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_norm = Norm(WIDTH)
        self.attn = LatentAttention()
        self.ffn_norm = Norm(WIDTH)
        self.w1 = nn.Linear(WIDTH, FFN, bias=False)
        self.w3 = nn.Linear(WIDTH, FFN, bias=False)
        self.w2 = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, WIDTH)
        self.blocks = nn.ModuleList([Block() for _ in range(DEPTH)])
        self.norm = Norm(WIDTH)
        self.head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x))
"""

YOUTU = dict(
    architectures=["YoutuForCausalLM"],
    vocab_size=120,
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=4,
    intermediate_size=96,
    q_lora_rank=None,
    kv_lora_rank=32,
    qk_nope_head_dim=16,
    qk_rope_head_dim=8,
    v_head_dim=24,
    max_position_embeddings=256,
    tie_word_embeddings=False,
    rms_norm_eps=1e-6,
    bos_token_id=1,
    eos_token_id=2,
    pad_token_id=0,
)


def test_latent_attention_sizes_in_torch(tmp_path):
    """transformers' Youtu attention (DeepSeek-V3's, dense): ``kv_a`` is rank + rope wide, its norm and
    ``kv_b``'s input the rank, ``kv_b`` heads x (nope + v), the output heads x v; the code
    written here has its parameter count."""
    cfg, _ = config(tmp_path, "youtu", "YoutuConfig", **YOUTU)
    code = write(tmp_path, "mla.py", LATENT)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    att = hf.model.layers[0].self_attn
    assert att.kv_a_proj_with_mqa.out_features == 32 + 8
    assert att.kv_a_layernorm.weight.shape == (32,) and att.kv_b_proj.in_features == 32
    assert att.kv_b_proj.out_features == 4 * (16 + 24)
    assert att.o_proj.in_features == 4 * 24 and att.q_proj.out_features == 4 * (16 + 8)
    assert run(code, tmp_path / "youtu" / "config.json") == []


@pytest.mark.parametrize(
    "edit, fact, a, b",
    [
        (("KV_RANK, NOPE, ROPE, VDIM = 32,", "KV_RANK, NOPE, ROPE, VDIM = 48,"), "kvLoraRank", 48, 32),
        (("ROPE, VDIM = 32, 16, 8, 24", "ROPE, VDIM = 32, 16, 8, 40"), "vHeadDim", 40, 24),
    ],
)  # fmt: skip
def test_latent_attention_change_in_code_is_one_finding(tmp_path, edit, fact, a, b):
    cfg, cfg_path = config(tmp_path, "youtu", "YoutuConfig", **YOUTU)
    code = write(tmp_path, "mla.py", LATENT.replace(*edit))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) != count(hf)  # the change is real: weights differ
    f = one(run(code, cfg_path), a, b)
    assert f.attribute == f"model.{fact}"


def test_latent_attention_change_in_config_is_one_finding(tmp_path):
    """The config side changed (``v_head_dim`` 24 -> 32): transformers builds the wider
    value heads, and the one finding holds both widths."""
    cfg, cfg_path = config(tmp_path, "youtu", "YoutuConfig", **{**YOUTU, "v_head_dim": 32})
    code = write(tmp_path, "mla.py", LATENT)
    mine, hf = torch_pair(code, cfg)
    assert hf.model.layers[0].self_attn.o_proj.in_features == 4 * 32
    assert count(mine) != count(hf)
    assert one(run(code, cfg_path), 24, 32).attribute == "model.vHeadDim"


def test_query_latent_rank(tmp_path):
    """With a query latent (``q_lora_rank``): the clean pair has no finding and a changed
    query rank is one ``qLoraRank`` finding."""
    kw = {**YOUTU, "q_lora_rank": 40}
    cfg, cfg_path = config(tmp_path, "youtu", "YoutuConfig", **kw)
    code = write(tmp_path, "mla.py", LATENT.replace("Q_RANK = None", "Q_RANK = 40"))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert hf.model.layers[0].self_attn.q_a_layernorm.weight.shape == (40,)
    assert run(code, cfg_path) == []
    code2 = write(tmp_path, "mla2.py", LATENT.replace("Q_RANK = None", "Q_RANK = 56"))
    assert one(run(code2, cfg_path), 56, 40).attribute == "model.qLoraRank"


FUSED = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, L, H, KV, FF = 120, 64, 2, 4, 1, 96
HD = D // H


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        # declared fused QKV, then a norm of the width, then the output: the latent's shape
        self.qkv = nn.Linear(D, (H + 2 * KV) * HD, bias=False)
        self.ln = nn.RMSNorm(D, eps=1e-6)
        self.o = nn.Linear(D, D, bias=False)
        self.ln0 = nn.RMSNorm(D, eps=1e-6)
        self.gate = nn.Linear(D, FF, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(self.ln0(x)).split([H * HD, KV * HD, KV * HD], -1)
        q = q.view(b, t, H, HD).transpose(1, 2)
        k = k.view(b, t, KV, HD).transpose(1, 2)
        v = v.view(b, t, KV, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, D))
        h = self.ln(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-6)
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""


def test_no_latent_read_without_a_latent_config(tmp_path):
    """A layer declared fused QKV (96 = the width + 32), a norm of the width, the output: the
    latent's shape, and ``latent`` reads it so. Against a Llama config (no ``kv_lora_rank``)
    it is never read as a latent: the clean pair has no finding, and a KV-head change is no
    latent finding."""
    from driftcheck.graph.match.canon import canonical
    from driftcheck.graph.match.derive import derive
    from driftcheck.graph.match.latent import latent

    kw = dict(
        architectures=["LlamaForCausalLM"],
        vocab_size=120,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=1,
        intermediate_size=96,
        rms_norm_eps=1e-6,
        tie_word_embeddings=False,
    )
    cfg, cfg_path = config(tmp_path, "llama", "LlamaConfig", **kw)
    code = write(tmp_path, "fused.py", FUSED)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    sides = load_sides(str(code), str(cfg_path))
    items = canonical(sides.left)
    got = derive(items)
    latent(items, got)
    assert got["kvLoraRank"].value == 64  # the shape alone would read as a latent
    assert run(code, cfg_path) == []
    _, cfg2 = config(tmp_path, "llama2", "LlamaConfig", **{**kw, "num_key_value_heads": 2})
    found = run(code, cfg2)
    assert found and not any("LoraRank" in (f.attribute or "") for f in found)


# A video transformer (ViViT): a tubelet ``Conv3d`` patch embedding and one joint position
# table of ``(frames / tubelet) x (image / patch)^2 + 1`` rows; a fused QKV per block
VIDEO = """
import torch
import torch.nn as nn
import torch.nn.functional as F

FRAMES, IMAGE, TUBELET, PATCH = 8, 32, 2, 8
D, DEPTH, HEADS, FF = 64, 2, 4, 128


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(D, eps=1e-6)
        self.qkv = nn.Linear(D, 3 * D)
        self.proj = nn.Linear(D, D)
        self.ln2 = nn.LayerNorm(D, eps=1e-6)
        self.fc1 = nn.Linear(D, FF)
        self.fc2 = nn.Linear(FF, D)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(b, n, 3, HEADS, D // HEADS).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v)
        x = x + self.proj(y.transpose(1, 2).reshape(b, n, D))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        grid = IMAGE // PATCH
        self.embed = nn.Conv3d(3, D, (TUBELET, PATCH, PATCH), stride=(TUBELET, PATCH, PATCH))
        self.cls = nn.Parameter(torch.zeros(1, 1, D))
        self.pos = nn.Parameter(torch.zeros(1, (FRAMES // TUBELET) * grid * grid + 1, D))
        self.blocks = nn.ModuleList(Block() for _ in range(DEPTH))
        self.norm = nn.LayerNorm(D, eps=1e-6)
        self.pool = nn.Linear(D, D)

    def forward(self, video):
        x = self.embed(video.transpose(1, 2)).flatten(2).transpose(1, 2)
        x = torch.cat((self.cls.expand(x.shape[0], -1, -1), x), 1) + self.pos
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        return x, torch.tanh(self.pool(x[:, 0]))
"""

VIVIT = dict(
    architectures=["VivitModel"],
    image_size=32,
    num_frames=8,
    tubelet_size=[2, 8, 8],
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    intermediate_size=128,
    hidden_act="gelu",
    layer_norm_eps=1e-6,
)


def test_video_table_rows_in_torch(tmp_path):
    """transformers' ViViT: one position table of (frames / tubelet) x grid^2 + 1 rows, a
    (tubelet, patch, patch) kernel; the code written here has its parameter count and
    compares clean."""
    cfg, cfg_path = config(tmp_path, "vivit", "VivitConfig", **VIVIT)
    code = write(tmp_path, "video.py", VIDEO)
    mine, hf = torch_pair(code, cfg, "AutoModel")
    assert count(mine) == count(hf)
    assert hf.embeddings.position_embeddings.shape == (1, (8 // 2) * 4 * 4 + 1, 64)
    assert hf.embeddings.patch_embeddings.projection.kernel_size == (2, 8, 8)
    assert run(code, cfg_path) == []


def test_video_frames_in_config_is_one_finding(tmp_path):
    """The config reads 4 frames, the code 8: transformers' table has 33 rows, the code's
    65; one ``numFrames`` finding holding both, the table under it."""
    cfg, cfg_path = config(tmp_path, "vivit", "VivitConfig", **{**VIVIT, "num_frames": 4})
    code = write(tmp_path, "video.py", VIDEO)
    mine, hf = torch_pair(code, cfg, "AutoModel")
    assert hf.embeddings.position_embeddings.shape[1] == 33 and mine.pos.shape[1] == 65
    assert one(run(code, cfg_path), 8, 4).attribute == "model.numFrames"


def test_video_patch_in_code_is_one_finding(tmp_path):
    """A tubelet of (2, 4, 4) against the config's (2, 8, 8): one ``patchSize`` finding (the
    patch's side), the kernel, stride and table under it."""
    cfg, cfg_path = config(tmp_path, "vivit", "VivitConfig", **VIVIT)
    code = write(
        tmp_path,
        "video.py",
        VIDEO.replace("TUBELET, PATCH = 8, 32, 2, 8", "TUBELET, PATCH = 8, 32, 2, 4"),
    )
    mine, hf = torch_pair(code, cfg, "AutoModel")
    assert count(mine) != count(hf)
    assert one(run(code, cfg_path), 4, 8).attribute == "model.patchSize"


def test_video_table_two_readings_stay_a_shape(tmp_path):
    """A code image of 48 pixels: its 145 rows are 18 frames at the config's grid or a 6 x 6
    grid at its 8 frames; which changed is not what the table says, so no frames or image
    finding is made up: the table's shape difference is reported."""
    cfg, cfg_path = config(tmp_path, "vivit", "VivitConfig", **VIVIT)
    code = write(
        tmp_path,
        "video.py",
        VIDEO.replace(
            "FRAMES, IMAGE, TUBELET, PATCH = 8, 32", "FRAMES, IMAGE, TUBELET, PATCH = 8, 48"
        ),
    )
    mine, _ = torch_pair(code, cfg, "AutoModel")
    assert mine.pos.shape[1] == 4 * 36 + 1
    found = run(code, cfg_path)
    assert found and not any(f.attribute in ("model.numFrames", "model.imageSize") for f in found)
    assert any(145 in (f.values["left"] or []) for f in found if isinstance(f.values["left"], list))


# RWKV-4 written as users do: the token shift by ``F.pad`` (transformers: an
# ``nn.ZeroPad2d`` module), the recurrence's state started from ``zeros_like(k[:, 0])``
# (transformers: the last step written into a cache, ``state[...] = hidden[:, -1]``)
RWKV = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, L, FF = 120, 64, 2, 256


def shifted(x):
    return F.pad(x, (0, 0, 1, -1))


class TimeMix(nn.Module):
    def __init__(self):
        super().__init__()
        self.time_decay = nn.Parameter(torch.zeros(D))
        self.time_first = nn.Parameter(torch.zeros(D))
        self.mix_k = nn.Parameter(torch.zeros(1, 1, D))
        self.mix_v = nn.Parameter(torch.zeros(1, 1, D))
        self.mix_r = nn.Parameter(torch.zeros(1, 1, D))
        self.key = nn.Linear(D, D, bias=False)
        self.value = nn.Linear(D, D, bias=False)
        self.receptance = nn.Linear(D, D, bias=False)
        self.output = nn.Linear(D, D, bias=False)

    def forward(self, x):
        xx = shifted(x)
        k = self.key(x * self.mix_k + xx * (1 - self.mix_k))
        v = self.value(x * self.mix_v + xx * (1 - self.mix_v))
        r = torch.sigmoid(self.receptance(x * self.mix_r + xx * (1 - self.mix_r)))
        w = -torch.exp(self.time_decay)
        num = torch.zeros_like(k[:, 0])
        den = torch.zeros_like(k[:, 0])
        out = []
        for t in range(x.shape[1]):
            e = torch.exp(self.time_first + k[:, t])
            out.append((num + e * v[:, t]) / (den + e))
            num = torch.exp(w) * num + torch.exp(k[:, t]) * v[:, t]
            den = torch.exp(w) * den + torch.exp(k[:, t])
        return self.output(r * torch.stack(out, 1))


class ChannelMix(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix_k = nn.Parameter(torch.zeros(1, 1, D))
        self.mix_r = nn.Parameter(torch.zeros(1, 1, D))
        self.key = nn.Linear(D, FF, bias=False)
        self.receptance = nn.Linear(D, D, bias=False)
        self.value = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        xx = shifted(x)
        k = torch.square(torch.relu(self.key(x * self.mix_k + xx * (1 - self.mix_k))))
        return torch.sigmoid(self.receptance(x * self.mix_r + xx * (1 - self.mix_r))) * self.value(k)


class Block(nn.Module):
    def __init__(self, first):
        super().__init__()
        if first:
            self.ln0 = nn.LayerNorm(D)
        self.ln1 = nn.LayerNorm(D)
        self.ln2 = nn.LayerNorm(D)
        self.att = TimeMix()
        self.ffn = ChannelMix()

    def forward(self, x):
        if hasattr(self, "ln0"):
            x = self.ln0(x)
        x = x + self.att(self.ln1(x))
        return x + self.ffn(self.ln2(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.blocks = nn.ModuleList(Block(i == 0) for i in range(L))
        self.ln_out = nn.LayerNorm(D)
        self.head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.ln_out(x))
"""

RWKV_CFG = dict(
    architectures=["RwkvForCausalLM"],
    vocab_size=120,
    hidden_size=64,
    num_hidden_layers=2,
    attention_hidden_size=64,
    intermediate_size=256,
    context_length=128,
    tie_word_embeddings=False,
)


def test_token_shift_module_is_the_functional_pad():
    """torch's ``ZeroPad2d(p)`` is ``F.pad(x, p)`` (zeros): RWKV's one-step token shift."""
    x = torch.randn(2, 5, 8)
    pad = (0, 0, 1, -1)
    assert torch.equal(torch.nn.ZeroPad2d(pad)(x), F_pad(x, pad))
    assert torch.equal(F_pad(x, pad)[:, 1:], x[:, :-1]) and not F_pad(x, pad)[:, 0].any()


def F_pad(x, pad):
    return torch.nn.functional.pad(x, pad)


def test_rwkv_written_with_pad_and_unread_picks_is_clean(tmp_path):
    """The code's ``F.pad`` and transformers' ``ZeroPad2d`` are one op; the items picked only
    as a state's shape (``k[:, 0]``) or written into a cache (``hidden[:, -1]``) are read by
    nothing the model returns: the clean pair has no finding, and a wider channel mix is one
    finding holding both widths."""
    cfg, cfg_path = config(tmp_path, "rwkv", "RwkvConfig", **RWKV_CFG)
    code = write(tmp_path, "rwkv.py", RWKV)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert isinstance(hf.rwkv.blocks[0].attention.time_shift, torch.nn.ZeroPad2d)
    assert run(code, cfg_path) == []
    wide = write(
        tmp_path,
        "wide.py",
        RWKV.replace("V, D, L, FF = 120, 64, 2, 256", "V, D, L, FF = 120, 64, 2, 320"),
    )
    one(run(wide, cfg_path), 320, 256)
    # one more layer: the first layer (its own ``pre_ln``) stands apart before the others
    # on both sides, transformers' two layers read as 1 + 1
    deep = write(
        tmp_path, "deep.py", RWKV.replace("V, D, L, FF = 120, 64, 2,", "V, D, L, FF = 120, 64, 3,")
    )
    one(run(deep, cfg_path), 3, 2)


# A mixture of experts written one module per expert (transformers 5: stacked tensors),
# experts as wide as the model: no projection back to the width is narrower or wider
EXPERTS = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, L, H, KV, HD, E, K = 100, 64, 2, 4, 2, 16, 4, 2
EXPERT_FF = 64


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.w_gate = nn.Linear(D, EXPERT_FF, bias=False)
        self.w_up = nn.Linear(D, EXPERT_FF, bias=False)
        self.w_down = nn.Linear(EXPERT_FF, D, bias=False)

    def forward(self, x):
        return self.w_down(F.silu(self.w_gate(x)) * self.w_up(x))


class Moe(nn.Module):
    def __init__(self):
        super().__init__()
        self.route = nn.Linear(D, E, bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(E))

    def forward(self, x):
        w, idx = torch.topk(F.softmax(self.route(x), -1), K, dim=-1)
        w = w / w.sum(-1, keepdim=True)
        y = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            y = y + (w * (idx == e)).sum(-1, keepdim=True) * expert(x)
        return y


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, H * HD, bias=False)
        self.k = nn.Linear(D, KV * HD, bias=False)
        self.v = nn.Linear(D, KV * HD, bias=False)
        self.o = nn.Linear(H * HD, D, bias=False)
        self.qn = nn.RMSNorm(HD, eps=1e-6)
        self.kn = nn.RMSNorm(HD, eps=1e-6)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.qn(self.q(x).view(b, t, H, HD)).transpose(1, 2)
        k = self.kn(self.k(x).view(b, t, KV, HD)).transpose(1, 2)
        v = self.v(x).view(b, t, KV, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(b, t, H * HD))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = nn.RMSNorm(D, eps=1e-6)
        self.attn = Attn()
        self.n2 = nn.RMSNorm(D, eps=1e-6)
        self.moe = Moe()

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.moe(self.n2(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-6)
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""

MELLUM = dict(
    architectures=["MellumForCausalLM"],
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    vocab_size=100,
    intermediate_size=128,
    moe_intermediate_size=64,
    num_local_experts=4,
    num_experts_per_tok=2,
    layer_types=["full_attention", "full_attention"],
    max_position_embeddings=256,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
    bos_token_id=1,
    eos_token_id=2,
    pad_token_id=0,
)


def test_module_experts_as_wide_as_the_model(tmp_path):
    """Experts 64 wide in a 64-wide model, one module each: transformers' stacked tensors
    hold the same count; clean against ``moe_intermediate_size`` 64, and against 48 one
    finding holding both widths (not a missing and an extra layer)."""
    pytest.importorskip("transformers.models.mellum")
    cfg, cfg_path = config(tmp_path, "mellum", "MellumConfig", **MELLUM)
    code = write(tmp_path, "moe.py", EXPERTS)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert hf.model.layers[0].mlp.experts.down_proj.shape == (4, 64, 64)
    assert run(code, cfg_path) == []
    cfg48, cfg48_path = config(
        tmp_path, "m48", "MellumConfig", **{**MELLUM, "moe_intermediate_size": 48}
    )
    mine, hf = torch_pair(code, cfg48)
    assert hf.model.layers[0].mlp.experts.down_proj.shape == (4, 64, 48)
    one(run(code, cfg48_path), 64, 48)


# NanoChat-style: weightless RMSNorms written inline (``F.rms_norm``), where transformers
# wraps each in a weightless module (``NanoChatRMSNorm``)
INLINE_NORMS = """
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, WIDTH, LAYERS, HEADS, KV_HEADS, HIDDEN = 100, 64, 2, 4, 2, 256
HEAD = WIDTH // HEADS


def norm(x):
    return F.rms_norm(x, (x.size(-1),), eps=1e-6)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.wq = nn.Linear(WIDTH, HEADS * HEAD, bias=False)
        self.wk = nn.Linear(WIDTH, KV_HEADS * HEAD, bias=False)
        self.wv = nn.Linear(WIDTH, KV_HEADS * HEAD, bias=False)
        self.wo = nn.Linear(HEADS * HEAD, WIDTH, bias=False)
        self.up = nn.Linear(WIDTH, HIDDEN, bias=False)
        self.down = nn.Linear(HIDDEN, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = norm(x)
        q = norm(self.wq(h).view(b, t, HEADS, HEAD)).transpose(1, 2)
        k = norm(self.wk(h).view(b, t, KV_HEADS, HEAD)).transpose(1, 2)
        v = self.wv(h).view(b, t, KV_HEADS, HEAD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(y.transpose(1, 2).reshape(b, t, WIDTH))
        return x + self.down(F.relu(self.up(norm(x))).square())


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.out = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for layer in self.layers:
            x = layer(x)
        return self.out(norm(x))
"""

NANOCHAT = dict(
    architectures=["NanoChatForCausalLM"],
    vocab_size=100,
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    intermediate_size=256,
    max_position_embeddings=128,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)


def test_weightless_norm_modules_against_inline_norms(tmp_path):
    """transformers' weightless ``NanoChatRMSNorm`` modules hold no parameter; the code's
    inline ``F.rms_norm`` has the same count. Clean: no finding; 4 KV heads in the code
    against the config's 2: one finding holding both (the weightless norms are not an
    extra layer of the config once the key/value widths differ)."""
    pytest.importorskip("transformers.models.nanochat")
    cfg, cfg_path = config(tmp_path, "nanochat", "NanoChatConfig", **NANOCHAT)
    code = write(tmp_path, "inline.py", INLINE_NORMS)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert not list(hf.model.layers[0].self_attn.q_norm.parameters())
    assert run(code, cfg_path) == []
    kv4 = write(
        tmp_path,
        "kv4.py",
        INLINE_NORMS.replace(
            "HEADS, KV_HEADS, HIDDEN = 100, 64, 2, 4, 2",
            "HEADS, KV_HEADS, HIDDEN = 100, 64, 2, 4, 4",
        ),
    )
    one(run(kv4, cfg_path), 4, 2)
