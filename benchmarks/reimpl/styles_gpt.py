"""GPT-2, GPT-NeoX and Phi written the ways users write them (plain torch)."""

from __future__ import annotations

from benchmarks.reimpl.common import Params

CONV1D = '''
class Conv1D(nn.Module):
    """A linear layer with its weight stored transposed, as the original GPT-2 code does."""

    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        self.weight = nn.Parameter(torch.empty(nx, nf))
        self.bias = nn.Parameter(torch.zeros(nf))
        nn.init.normal_(self.weight, std=0.02)

    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        return x.view(size_out)
'''


def render_gpt2(v: dict, s: dict) -> str:
    """s: cfg, linear (conv1d|linear), attn (fused|separate|mha), tied (assign|matmul|own:
    a head of its own)."""
    p = Params(
        s["cfg"],
        v,
        [
            ("n_embd", "hidden"),
            ("n_layer", "layers"),
            ("n_head", "heads"),
            ("vocab_size", "vocab"),
            ("block_size", "positions"),
            ("n_inner", "ffn"),
            ("layer_norm_epsilon", "eps"),
        ],
    )
    g = p.get
    lin = (
        (lambda i, o: f"Conv1D({o}, {i})")
        if s["linear"] == "conv1d"
        else (lambda i, o: f"nn.Linear({i}, {o})")
    )
    out = ['"""' + s["doc"] + '"""', ""]
    if s["cfg"] == "dataclass":
        out.append("from dataclasses import dataclass\n")
    out += [
        "import math",
        "",
        "import torch",
        "import torch.nn as nn",
        "import torch.nn.functional as F",
        "",
        p.block(),
    ]
    if s["linear"] == "conv1d":
        out.append(CONV1D)
    a = [
        "class CausalSelfAttention(nn.Module):",
        "    def __init__(self, n_embd, n_head):",
        "        super().__init__()",
        "        self.n_head = n_head",
    ]
    if s["attn"] == "mha":
        a += [
            "        self.mha = nn.MultiheadAttention(n_embd, n_head, batch_first=True)",
            "",
            "    def forward(self, x):",
            "        t = x.size(1)",
            "        mask = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), 1)",
            "        return self.mha(x, x, x, attn_mask=mask, need_weights=False)[0]",
        ]
    else:
        if s["attn"] == "fused":
            a.append(f"        self.c_attn = {lin('n_embd', '3 * n_embd')}")
        else:
            a += [
                f"        self.query = {lin('n_embd', 'n_embd')}",
                f"        self.key = {lin('n_embd', 'n_embd')}",
                f"        self.value = {lin('n_embd', 'n_embd')}",
            ]
        a += [
            f"        self.c_proj = {lin('n_embd', 'n_embd')}",
            "",
            "    def forward(self, x):",
            "        B, T, C = x.size()",
        ]
        if s["attn"] == "fused":
            a.append("        q, k, v = self.c_attn(x).split(C, dim=2)")
        else:
            a.append("        q, k, v = self.query(x), self.key(x), self.value(x)")
        a += [
            "        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)",
            "        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)",
            "        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)",
            "        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)",
            "        y = y.transpose(1, 2).contiguous().view(B, T, C)",
            "        return self.c_proj(y)",
        ]
    out.append("\n".join(a) + "\n\n")
    out.append(
        "\n".join(
            [
                "class MLP(nn.Module):",
                "    def __init__(self, n_embd, n_inner):",
                "        super().__init__()",
                f"        self.c_fc = {lin('n_embd', 'n_inner')}",
                f"        self.c_proj = {lin('n_inner', 'n_embd')}",
                "",
                "    def forward(self, x):",
                '        return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))',
                "",
                "",
                "class Block(nn.Module):",
                "    def __init__(self, n_embd, n_head, n_inner, eps):",
                "        super().__init__()",
                "        self.ln_1 = nn.LayerNorm(n_embd, eps=eps)",
                "        self.attn = CausalSelfAttention(n_embd, n_head)",
                "        self.ln_2 = nn.LayerNorm(n_embd, eps=eps)",
                "        self.mlp = MLP(n_embd, n_inner)",
                "",
                "    def forward(self, x):",
                "        x = x + self.attn(self.ln_1(x))",
                "        return x + self.mlp(self.ln_2(x))",
                "",
                "",
            ]
        )
    )
    body = p.init_sig("GPT") + [
        f"        self.wte = nn.Embedding({g('vocab')}, {g('hidden')})",
        f"        self.wpe = nn.Embedding({g('positions')}, {g('hidden')})",
        f"        self.h = nn.ModuleList([Block({g('hidden')}, {g('heads')}, {g('ffn')}, "
        f"{g('eps')}) for _ in range({g('layers')})])",
        f"        self.ln_f = nn.LayerNorm({g('hidden')}, eps={g('eps')})",
    ]
    if s["tied"] in ("assign", "own"):
        body.append(f"        self.lm_head = nn.Linear({g('hidden')}, {g('vocab')}, bias=False)")
    if s["tied"] == "assign":
        body.append("        self.lm_head.weight = self.wte.weight")
    body += [
        "",
        "    def forward(self, idx):",
        "        pos = torch.arange(idx.size(1), device=idx.device)",
        "        x = self.wte(idx) + self.wpe(pos)",
        "        for block in self.h:",
        "            x = block(x)",
        "        x = self.ln_f(x)",
    ]
    body.append(
        "        return self.lm_head(x)"
        if s["tied"] in ("assign", "own")
        else "        return x @ self.wte.weight.t()"
    )
    out.append("\n".join(body) + "\n")
    return "\n".join(out)


def render_neox(v: dict, s: dict) -> str:
    """GPT-NeoX (kind=neox: fused QKV, parallel residual, partial rotary, own head) and Phi
    (kind=phi: separate q/k/v, one norm per block, parallel attention and MLP, head with bias).
    s: cfg, kind, split_qkv (bool, neox only)."""
    kind = s["kind"]
    p = Params(
        s["cfg"],
        v,
        [
            ("hidden_size", "hidden"),
            ("num_layers", "layers"),
            ("num_heads", "heads"),
            ("vocab_size", "vocab"),
            ("max_positions", "positions"),
            ("ffn_size", "ffn"),
            ("eps", "eps"),
            ("rotary_dims", "rot_dims"),
            ("rope_base", "theta"),
        ],
    )
    g = p.get
    out = ['"""' + s["doc"] + '"""', ""]
    if s["cfg"] == "dataclass":
        out.append("from dataclasses import dataclass\n")
    out += [
        "import torch",
        "from torch import nn",
        "import torch.nn.functional as F",
        "",
        p.block(),
        '''
def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


class PartialRotary(nn.Module):
    """Rotates only the first ``rot_dims`` channels of each head."""

    def __init__(self, rot_dims, max_positions, base):
        super().__init__()
        self.rot_dims = rot_dims
        inv_freq = 1.0 / (base ** (torch.arange(0, rot_dims, 2).float() / rot_dims))
        freqs = torch.outer(torch.arange(max_positions).float(), inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos", emb.cos(), persistent=False)
        self.register_buffer("sin", emb.sin(), persistent=False)

    def forward(self, x):
        n = x.shape[-2]
        rot, keep = x[..., : self.rot_dims], x[..., self.rot_dims :]
        rot = rot * self.cos[:n] + rotate_half(rot) * self.sin[:n]
        return torch.cat((rot, keep), dim=-1)
''',
    ]
    a = [
        "class Attention(nn.Module):",
        "    def __init__(self, hidden_size, num_heads, rot_dims, max_positions, base):",
        "        super().__init__()",
        "        self.num_heads = num_heads",
        "        self.head_size = hidden_size // num_heads",
    ]
    fused = kind == "neox" and not s.get("split_qkv")
    if fused:
        a.append("        self.query_key_value = nn.Linear(hidden_size, 3 * hidden_size)")
    else:
        a += [
            "        self.q_proj = nn.Linear(hidden_size, hidden_size)",
            "        self.k_proj = nn.Linear(hidden_size, hidden_size)",
            "        self.v_proj = nn.Linear(hidden_size, hidden_size)",
        ]
    a += [
        "        self.dense = nn.Linear(hidden_size, hidden_size)",
        "        self.rotary = PartialRotary(rot_dims, max_positions, base)",
        "",
        "    def forward(self, x):",
        "        b, t, c = x.shape",
    ]
    if fused:
        a += [
            "        qkv = self.query_key_value(x).view(b, t, self.num_heads, 3 * self.head_size)",
            "        q, k, v = qkv.permute(0, 2, 1, 3).chunk(3, dim=-1)",
        ]
    else:
        a += [
            "        q = self.q_proj(x).view(b, t, self.num_heads, self.head_size).transpose(1, 2)",
            "        k = self.k_proj(x).view(b, t, self.num_heads, self.head_size).transpose(1, 2)",
            "        v = self.v_proj(x).view(b, t, self.num_heads, self.head_size).transpose(1, 2)",
        ]
    a += [
        "        q, k = self.rotary(q), self.rotary(k)",
        "        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)",
        "        return self.dense(y.transpose(1, 2).reshape(b, t, c))",
        "",
        "",
    ]
    out.append("\n".join(a))
    if kind == "neox":
        out.append(
            "\n".join(
                [
                    "class Layer(nn.Module):",
                    "    def __init__(self, hidden_size, num_heads, ffn_size, eps, rot_dims, max_positions, base):",
                    "        super().__init__()",
                    "        self.input_layernorm = nn.LayerNorm(hidden_size, eps=eps)",
                    "        self.post_attention_layernorm = nn.LayerNorm(hidden_size, eps=eps)",
                    "        self.attention = Attention(hidden_size, num_heads, rot_dims, max_positions, base)",
                    "        self.dense_h_to_4h = nn.Linear(hidden_size, ffn_size)",
                    "        self.dense_4h_to_h = nn.Linear(ffn_size, hidden_size)",
                    "",
                    "    def forward(self, x):",
                    "        attn = self.attention(self.input_layernorm(x))",
                    "        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))",
                    "        return x + attn + mlp",
                    "",
                    "",
                ]
            )
        )
    else:
        out.append(
            "\n".join(
                [
                    "class Layer(nn.Module):",
                    "    def __init__(self, hidden_size, num_heads, ffn_size, eps, rot_dims, max_positions, base):",
                    "        super().__init__()",
                    "        self.input_layernorm = nn.LayerNorm(hidden_size, eps=eps)",
                    "        self.self_attn = Attention(hidden_size, num_heads, rot_dims, max_positions, base)",
                    "        self.fc1 = nn.Linear(hidden_size, ffn_size)",
                    "        self.fc2 = nn.Linear(ffn_size, hidden_size)",
                    "",
                    "    def forward(self, x):",
                    "        h = self.input_layernorm(x)",
                    '        return x + self.self_attn(h) + self.fc2(F.gelu(self.fc1(h), approximate="tanh"))',
                    "",
                    "",
                ]
            )
        )
    emb, fin, head = (
        ("embed_in", "final_layer_norm", "embed_out")
        if kind == "neox"
        else ("embed_tokens", "final_layernorm", "lm_head")
    )
    hb = "False" if kind == "neox" else "True"
    body = p.init_sig("CausalLM") + [
        f"        self.{emb} = nn.Embedding({g('vocab')}, {g('hidden')})",
        "        self.layers = nn.ModuleList(",
        f"            Layer({g('hidden')}, {g('heads')}, {g('ffn')}, {g('eps')}, {g('rot_dims')}, "
        f"{g('positions')}, {g('theta')})",
        f"            for _ in range({g('layers')})",
        "        )",
        f"        self.{fin} = nn.LayerNorm({g('hidden')}, eps={g('eps')})",
        f"        self.{head} = nn.Linear({g('hidden')}, {g('vocab')}, bias={hb})",
        "",
        "    def forward(self, input_ids):",
        f"        x = self.{emb}(input_ids)",
        "        for layer in self.layers:",
        "            x = layer(x)",
        f"        return self.{head}(self.{fin}(x))",
        "",
    ]
    out.append("\n".join(body))
    return "\n".join(out)
