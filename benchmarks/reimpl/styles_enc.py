"""Encoders written the ways users write them: BERT / RoBERTa, ViT, CLIP's vision tower."""

from __future__ import annotations

from benchmarks.reimpl.common import Params


def _attention(attn: str, bias: bool = True) -> str:
    b = "" if bias else ", bias=False"
    if attn == "mha":
        return f"""
class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True{b})

    def forward(self, x):
        return self.attn(x, x, x, need_weights=False)[0]
"""
    if attn == "fused":
        return f"""
class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3{b})
        self.proj = nn.Linear(dim, dim{b})

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        x = F.scaled_dot_product_attention(q, k, v)
        return self.proj(x.transpose(1, 2).reshape(B, N, C))
"""
    return f"""
class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.query = nn.Linear(dim, dim{b})
        self.key = nn.Linear(dim, dim{b})
        self.value = nn.Linear(dim, dim{b})
        self.out = nn.Linear(dim, dim{b})

    def split(self, x):
        b, n, _ = x.shape
        return x.view(b, n, self.heads, self.head_dim).transpose(1, 2)

    def forward(self, x):
        q, k, v = self.split(self.query(x)), self.split(self.key(x)), self.split(self.value(x))
        scores = q @ k.transpose(-2, -1) / self.head_dim**0.5
        ctx = scores.softmax(dim=-1) @ v
        b, h, n, d = ctx.shape
        return self.out(ctx.transpose(1, 2).reshape(b, n, h * d))
"""


def render_encoder(v: dict, s: dict) -> str:
    """s: cfg, kind (bert|vit|clip), attn (separate|fused|mha), pos (2d|3d, vit), kernel
    (int|tuple, vit/clip), act (gelu|quick_gelu), pooler (bool)."""
    kind = s["kind"]
    fields = [
        ("hidden_size", "hidden"),
        ("num_layers", "layers"),
        ("num_heads", "heads"),
        ("mlp_dim", "ffn"),
        ("eps", "eps"),
    ]
    if kind == "bert":
        fields += [
            ("vocab_size", "vocab"),
            ("max_len", "positions"),
            ("type_vocab", "types"),
            ("pad_id", "pad"),
        ]
    else:
        fields += [("image_size", "image"), ("patch_size", "patch"), ("channels", "channels")]
    p = Params(s["cfg"], v, fields)
    g = p.get
    out = ['"""' + s["doc"] + '"""', ""]
    if s["cfg"] == "dataclass":
        out.append("from dataclasses import dataclass\n")
    out += [
        "import torch",
        "import torch.nn as nn",
        "import torch.nn.functional as F",
        "",
        p.block(),
        _attention(s["attn"]),
    ]
    act = (
        "F.gelu(self.fc1(x))"
        if s.get("act", "gelu") == "gelu"
        else ("self.fc1(x) * torch.sigmoid(1.702 * self.fc1(x))")
    )
    pre = kind != "bert"
    out.append(
        "\n".join(
            [
                "",
                "class Layer(nn.Module):",
                "    def __init__(self, dim, heads, mlp_dim, eps):",
                "        super().__init__()",
                "        self.attention = SelfAttention(dim, heads)",
                "        self.norm1 = nn.LayerNorm(dim, eps=eps)",
                "        self.fc1 = nn.Linear(dim, mlp_dim)",
                "        self.fc2 = nn.Linear(mlp_dim, dim)",
                "        self.norm2 = nn.LayerNorm(dim, eps=eps)",
                "",
                "    def mlp(self, x):",
                f"        return self.fc2({act})",
                "",
                "    def forward(self, x):",
            ]
            + (
                [
                    "        x = x + self.attention(self.norm1(x))",
                    "        return x + self.mlp(self.norm2(x))",
                ]
                if pre
                else [
                    "        x = self.norm1(x + self.attention(x))",
                    "        return self.norm2(x + self.mlp(x))",
                ]
            )
            + ["", ""]
        )
    )
    if kind == "bert":
        body = p.init_sig("Encoder") + [
            f"        self.word_embeddings = nn.Embedding({g('vocab')}, {g('hidden')}, "
            f"padding_idx={g('pad')})",
            f"        self.position_embeddings = nn.Embedding({g('positions')}, {g('hidden')})",
            f"        self.token_type_embeddings = nn.Embedding({g('types')}, {g('hidden')})",
            f"        self.emb_norm = nn.LayerNorm({g('hidden')}, eps={g('eps')})",
            f"        self.layers = nn.ModuleList([Layer({g('hidden')}, {g('heads')}, {g('ffn')}, "
            f"{g('eps')}) for _ in range({g('layers')})])",
            f"        self.pooler = nn.Linear({g('hidden')}, {g('hidden')})",
            "",
            "    def forward(self, input_ids, token_type_ids):",
            "        pos = torch.arange(input_ids.shape[1], device=input_ids.device)",
            "        x = self.word_embeddings(input_ids) + self.position_embeddings(pos)",
            "        x = self.emb_norm(x + self.token_type_embeddings(token_type_ids))",
            "        for layer in self.layers:",
            "            x = layer(x)",
            "        return x, torch.tanh(self.pooler(x[:, 0]))",
            "",
        ]
    else:
        k = f"{g('patch')}" if s.get("kernel", "int") == "int" else f"({g('patch')}, {g('patch')})"
        bias = ", bias=False" if kind == "clip" else ""
        n = f"({g('image')} // {g('patch')}) ** 2"
        if kind == "clip":
            body = p.init_sig("VisionTransformer") + [
                f"        num_patches = {n}",
                f"        self.patch_embedding = nn.Conv2d({g('channels')}, {g('hidden')}, "
                f"kernel_size={k}, stride={k}{bias})",
                f"        self.class_embedding = nn.Parameter(torch.randn({g('hidden')}))",
                f"        self.position_embedding = nn.Embedding(num_patches + 1, {g('hidden')})",
                f"        self.pre_norm = nn.LayerNorm({g('hidden')}, eps={g('eps')})",
                f"        self.layers = nn.ModuleList([Layer({g('hidden')}, {g('heads')}, {g('ffn')}, "
                f"{g('eps')}) for _ in range({g('layers')})])",
                f"        self.post_norm = nn.LayerNorm({g('hidden')}, eps={g('eps')})",
                "",
                "    def forward(self, pixels):",
                "        x = self.patch_embedding(pixels).flatten(2).transpose(1, 2)",
                "        cls = self.class_embedding.expand(x.shape[0], 1, -1)",
                "        x = torch.cat([cls, x], dim=1)",
                "        x = x + self.position_embedding(torch.arange(x.shape[1], device=x.device))",
                "        x = self.pre_norm(x)",
                "        for layer in self.layers:",
                "            x = layer(x)",
                "        return self.post_norm(x[:, 0])",
                "",
            ]
        else:
            shape = (
                f"1, num_patches + 1, {g('hidden')}"
                if s.get("pos", "3d") == "3d"
                else f"num_patches + 1, {g('hidden')}"
            )
            body = p.init_sig("ViT") + [
                f"        num_patches = {n}",
                f"        self.patch_embed = nn.Conv2d({g('channels')}, {g('hidden')}, "
                f"kernel_size={k}, stride={k})",
                f"        self.cls_token = nn.Parameter(torch.zeros(1, 1, {g('hidden')}))",
                f"        self.pos_embed = nn.Parameter(torch.zeros({shape}))",
                f"        self.blocks = nn.ModuleList([Layer({g('hidden')}, {g('heads')}, {g('ffn')}, "
                f"{g('eps')}) for _ in range({g('layers')})])",
                f"        self.norm = nn.LayerNorm({g('hidden')}, eps={g('eps')})",
                f"        self.pooler = nn.Linear({g('hidden')}, {g('hidden')})",
                "",
                "    def forward(self, pixels):",
                "        x = self.patch_embed(pixels).flatten(2).transpose(1, 2)",
                "        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)",
                "        x = x + self.pos_embed",
                "        for blk in self.blocks:",
                "            x = blk(x)",
                "        x = self.norm(x)",
                "        return torch.tanh(self.pooler(x[:, 0]))",
                "",
            ]
    out.append("\n".join(body))
    return "\n".join(out)
