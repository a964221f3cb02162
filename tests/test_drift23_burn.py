"""Drift between re-implementations and their configs (session 23, burnreimpl23, issue #17: the
false positives and misses of the burned held-out part of reimpl fresh15, and session 22's dev
misses).

Each test proves its claim in torch first (the code, built on the meta device, has the parameter
count transformers' own model has for the same config, and runs), then statically: the clean
pair gives no finding of minor or above, and a planted change gives one finding holding both
values.
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

FUSED_KV = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, LAYERS, HEADS, KV, HD, FFN = 96, 64, 2, 4, 2, 16, 128


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(WIDTH, HEADS * HD, bias=False)
        self.kv = nn.Linear(WIDTH, 2 * KV * HD, bias=False)
        self.o = nn.Linear(HEADS * HD, WIDTH, bias=False)
        self.gate = nn.Linear(WIDTH, FFN, bias=False)
        self.up = nn.Linear(WIDTH, FFN, bias=False)
        self.down = nn.Linear(FFN, WIDTH, bias=False)
        self.n1, self.n2 = nn.RMSNorm(WIDTH, eps=1e-6), nn.RMSNorm(WIDTH, eps=1e-6)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, -1, HD).transpose(1, 2)
        KV_SPLIT
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

# a fused k|v projection cut into (2, kv heads, head width), the queries viewed (-1, head width)
KV_SPLITS = {
    # the KV heads left as -1 and the parts taken apart by unpacking a permuted view
    "view_minus_one_unpacked": "k, v = self.kv(h).view(b, t, 2, -1, HD).permute(2, 0, 3, 1, 4)",
    # the same with unflatten and unbind
    "unflatten_unbind": ("k, v = self.kv(h).unflatten(-1, (2, -1, HD)).transpose(1, 3).unbind(2)"),
    # the KV heads stated: read alone, the fused split's 2 heads were the model's only heads
    "stated": "k, v = self.kv(h).view(b, t, 2, KV, HD).permute(2, 0, 3, 1, 4)",
}


@pytest.mark.parametrize("how", sorted(KV_SPLITS))
def test_a_fused_key_value_split_beside_inferred_query_heads(tmp_path, how):
    """``kv(h).view(b, t, 2, -1, hd)`` of a fused k|v projection: the ``-1`` is the projection's
    width over 2 x hd (the KV heads), and the queries' ``view(b, t, -1, hd)`` beside it is a
    head split of their own projection (``derive._fused_heads``, ``derive._splits``). Before, the
    code side read no heads (fresh15 gemma_setdefault_chain: a minor 'unflattenedSize [2, -1,
    32] vs [-1, 32]' on a clean pair, a KV-head plant missed) or, with the KV heads stated, the
    fused split's heads as the model's (a major 'numHeads 2 vs 4')."""
    code = write(tmp_path, "m.py", FUSED_KV.replace("KV_SPLIT", KV_SPLITS[how]))
    cfg, path = config(tmp_path, "cfg", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf) == LLAMA_PARAMS
    real = torch.nn.Module.to_empty(mine, device="cpu")
    assert real(torch.zeros(1, 5, dtype=torch.long)).shape == (1, 5, 96)
    assert run(code, path) == []
    planted = write(
        tmp_path,
        "p.py",
        FUSED_KV.replace("KV_SPLIT", KV_SPLITS[how]).replace("4, 2, 16, 128", "4, 1, 16, 128"),
    )
    mine, _ = torch_pair(planted, cfg)
    assert count(mine) != LLAMA_PARAMS
    one(run(planted, path), 1, 2)


AUDIO = dict(
    hidden_size=64,
    num_attention_heads=4,
    num_hidden_layers=2,
    intermediate_size=128,
    num_mel_bins=16,
    max_source_positions=32,
)

AUDIO_CODE = """
import torch
import torch.nn.functional as F
from torch import nn

MELS, FRAMES, WIDTH, HEADS, LAYERS, FFN = 16, 32, 64, 4, 2, 128


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(WIDTH, WIDTH)
        self.k_proj = nn.Linear(WIDTH, WIDTH, bias=False)
        self.v_proj = nn.Linear(WIDTH, WIDTH)
        self.out_proj = nn.Linear(WIDTH, WIDTH)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            p(x).view(b, t, HEADS, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn, self.attn_ln = Attention(), nn.LayerNorm(WIDTH)
        self.fc1, self.fc2 = nn.Linear(WIDTH, FFN), nn.Linear(FFN, WIDTH)
        self.mlp_ln = nn.LayerNorm(WIDTH)

    def forward(self, x):
        x = x + self.attn(self.attn_ln(x))
        return x + self.fc2(F.gelu(self.fc1(self.mlp_ln(x))))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv1d(MELS, WIDTH, 3, padding=1)
        self.conv2 = nn.Conv1d(WIDTH, WIDTH, 3, stride=2, padding=1)
        POSITIONS
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.ln_post = nn.LayerNorm(WIDTH)

    def forward(self, mel):
        x = F.gelu(self.conv2(F.gelu(self.conv1(mel)))).transpose(1, 2)
        x = x + TABLE[: x.shape[1]]
        for layer in self.layers:
            x = layer(x)
        return self.ln_post(x)
"""

# the learned position table of an audio encoder (its input is mel frames, not token ids)
POSITION_TABLES = {
    "parameter": (
        "self.positional_embedding = nn.Parameter(torch.zeros(FRAMES, WIDTH))",
        "self.positional_embedding",
    ),
    "embedding_weight": (
        "self.embed_positions = nn.Embedding(FRAMES, WIDTH)",
        "self.embed_positions.weight",
    ),
    "position_rows": (
        "self.position_rows = nn.Parameter(torch.zeros(FRAMES, WIDTH))",
        "self.position_rows",
    ),
}


@pytest.mark.parametrize("how", sorted(POSITION_TABLES))
def test_an_audio_encoders_position_table_is_no_vocabulary(tmp_path, how):
    """An encoder fed mel frames holds one table, its positions (transformers' Voxtral /
    Whisper ``embed_positions``, ``nn.Embedding(max_source_positions, d)``); both sides read it
    as their vocabulary too, at the place they read their context (``facts._position_vocab``).
    A changed frame count was a major 'vocabSize 64 vs 32' beside the context's own finding
    (fresh15 voxtral_encoder_stride_slices: the plant was not one finding); now it is one."""
    table, use = POSITION_TABLES[how]
    src = AUDIO_CODE.replace("POSITIONS", table).replace("TABLE", use)
    code = write(tmp_path, "m.py", src)
    cfg, path = config(tmp_path, "cfg", "VoxtralEncoderConfig", **AUDIO)
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    real = torch.nn.Module.to_empty(mine, device="cpu")
    assert real(torch.zeros(1, 16, 64)).shape == (1, 32, 64)
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", src.replace("16, 32, 64, 4", "16, 64, 64, 4"))
    mine, _ = torch_pair(planted, cfg, auto="AutoModel")
    assert count(mine) == count(hf) + 32 * 64
    assert one(run(planted, path), 64, 32).kind == "context-length"


MUSICGEN = dict(
    architectures=["MusicgenForCausalLM"],
    hidden_size=64,
    num_attention_heads=4,
    num_hidden_layers=2,
    vocab_size=160,
    ffn_dim=192,
    num_codebooks=4,
    max_position_embeddings=128,
)

MUSICGEN_CODE = """
import math

import torch
from torch import nn

CODEBOOKS, CARD, DIM, LAYERS, HEADS, FFN, CTX = 4, 160, 64, 2, 4, 192, 128


def sinusoids(n, d):
    half = d // 2
    freq = torch.exp(torch.arange(half) * -(math.log(10000.0) / (half - 1)))
    ang = torch.arange(n).float()[:, None] * freq[None]
    return torch.cat([ang.cos(), ang.sin()], -1)


class MHA(nn.Module):
    def __init__(self):
        super().__init__()
        self.k_proj = nn.Linear(DIM, DIM, bias=False)
        self.v_proj = nn.Linear(DIM, DIM, bias=False)
        self.q_proj = nn.Linear(DIM, DIM, bias=False)
        self.out_proj = nn.Linear(DIM, DIM, bias=False)

    def forward(self, x, causal=False):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, HEADS, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, DIM))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn, self.self_attn_layer_norm = MHA(), nn.LayerNorm(DIM)
        self.encoder_attn, self.encoder_attn_layer_norm = MHA(), nn.LayerNorm(DIM)
        self.fc1, self.fc2 = nn.Linear(DIM, FFN, bias=False), nn.Linear(FFN, DIM, bias=False)
        self.final_layer_norm = nn.LayerNorm(DIM)

    def forward(self, x):
        x = x + self.self_attn(self.self_attn_layer_norm(x), causal=True)
        return x + self.fc2(nn.functional.gelu(self.fc1(self.final_layer_norm(x))))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        TABLES
        self.register_buffer("positions", sinusoids(CTX, DIM), persistent=False)
        self.layers = nn.ModuleList(DecoderLayer() for _ in range(LAYERS))
        self.layer_norm = nn.LayerNorm(DIM)
        self.lm_heads = nn.ModuleList(nn.Linear(DIM, CARD, bias=False) for _ in range(CODEBOOKS))

    def forward(self, codes):  # [batch, codebooks, time]
        x = sum(emb(codes[:, i]) for i, emb in enumerate(self.embed_tokens))
        x = x + self.positions[: codes.shape[-1]]
        for layer in self.layers:
            x = layer(x)
        x = self.layer_norm(x)
        return torch.stack([head(x) for head in self.lm_heads], 1)
"""

# a token table per codebook holding one row more than its head predicts (the start token)
CODEBOOK_TABLES = {
    "plus_one": "self.embed_tokens = nn.ModuleList(nn.Embedding(CARD + 1, DIM) "
    "for _ in range(CODEBOOKS))",
    "padding_row": "self.embed_tokens = nn.ModuleList([nn.Embedding(num_embeddings=CARD + 1, "
    "embedding_dim=DIM, padding_idx=CARD) for _ in range(CODEBOOKS)])",
}


def _meta_model(code):
    """The code's ``M()`` on the meta device."""
    import runpy

    with torch.device("meta"):
        return runpy.run_path(str(code), run_name="__drift_support__")["M"]()


@pytest.mark.parametrize("how", sorted(CODEBOOK_TABLES))
def test_a_vocabulary_is_what_the_heads_predict_beside_a_start_row(tmp_path, how):
    """Token tables one row wider than the heads on both sides (transformers' MusicGen:
    ``nn.Embedding(vocab_size + 1, d)``, ``Linear(d, vocab_size)``): the vocabulary is the
    heads' width (``facts._vocab_offset``). A changed vocabulary was 'vocabSize 257 vs 161',
    neither side's value (fresh13 musicgen_run_path, a plant missed); now '256 vs 160'."""
    src = MUSICGEN_CODE.replace("TABLES", CODEBOOK_TABLES[how])
    code = write(tmp_path, "m.py", src)
    cfg, path = config(tmp_path, "cfg", "MusicgenDecoderConfig", **MUSICGEN)
    with torch.device("meta"):
        hf = transformers.MusicgenForCausalLM(cfg)
    mine = _meta_model(code)
    assert count(mine) == count(hf)
    assert hf.model.decoder.embed_tokens[0].num_embeddings == 161
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", src.replace("4, 160, 64, 2", "4, 256, 64, 2"))
    mine = _meta_model(planted)
    assert count(mine) == count(hf) + 96 * 64 * 4 * 2
    one(run(planted, path), 256, 160)
