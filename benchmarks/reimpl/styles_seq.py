"""Encoder-decoders (T5, BART, Whisper) and convolutional nets (ResNet, ConvNeXt) written the
ways users write them (plain torch)."""

from __future__ import annotations

from benchmarks.reimpl.common import Params

MHA = """
class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, n_heads, head_dim, bias=True, k_bias=True):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, head_dim
        inner = n_heads * head_dim
        self.q = nn.Linear(d_model, inner, bias=bias)
        self.k = nn.Linear(d_model, inner, bias=bias and k_bias)
        self.v = nn.Linear(d_model, inner, bias=bias)
        self.o = nn.Linear(inner, d_model, bias=bias)

    def forward(self, x, kv=None, bias=None, causal=False):
        kv = x if kv is None else kv
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.n_heads, self.head_dim).transpose(1, 2)
        k = self.k(kv).view(b, kv.shape[1], self.n_heads, self.head_dim).transpose(1, 2)
        v = self.v(kv).view(b, kv.shape[1], self.n_heads, self.head_dim).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias, is_causal=causal)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))
"""

T5NORM = """
class T5LayerNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        var = x.float().pow(2).mean(-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(var + self.eps)).type_as(x)
"""


def _head(s: dict, p: Params) -> list[str]:
    out = ['"""' + s["doc"] + '"""', ""]
    if s["cfg"] == "dataclass":
        out.append("from dataclasses import dataclass\n")
    return out + [
        "import torch",
        "import torch.nn as nn",
        "import torch.nn.functional as F",
        "",
        p.block(),
    ]


def render_t5(v: dict, s: dict) -> str:
    """s: cfg, head (tied|none)."""
    p = Params(
        s["cfg"],
        v,
        [
            ("d_model", "hidden"),
            ("d_kv", "head_dim"),
            ("d_ff", "ffn"),
            ("num_layers", "layers"),
            ("num_heads", "heads"),
            ("vocab_size", "vocab"),
            ("num_buckets", "buckets"),
            ("eps", "eps"),
        ],
    )
    g = p.get
    out = _head(s, p) + [MHA.replace("bias=True, k_bias=True", "bias=False, k_bias=False"), T5NORM]
    out.append("""
class FeedForward(nn.Module):
    def __init__(self, d_model, d_ff, eps):
        super().__init__()
        self.norm = T5LayerNorm(d_model, eps)
        self.wi = nn.Linear(d_model, d_ff, bias=False)
        self.wo = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        return x + self.wo(F.relu(self.wi(self.norm(x))))


class Block(nn.Module):
    def __init__(self, d_model, d_kv, d_ff, n_heads, eps, decoder, has_bias, buckets):
        super().__init__()
        self.self_norm = T5LayerNorm(d_model, eps)
        self.self_attn = MultiHeadAttention(d_model, n_heads, d_kv, bias=False)
        self.rel_bias = nn.Embedding(buckets, n_heads) if has_bias else None
        if decoder:
            self.cross_norm = T5LayerNorm(d_model, eps)
            self.cross_attn = MultiHeadAttention(d_model, n_heads, d_kv, bias=False)
        self.ff = FeedForward(d_model, d_ff, eps)

    def forward(self, x, memory=None):
        x = x + self.self_attn(self.self_norm(x), causal=memory is not None)
        if memory is not None:
            x = x + self.cross_attn(self.cross_norm(x), memory)
        return self.ff(x)


class Stack(nn.Module):
    def __init__(self, d_model, d_kv, d_ff, n_heads, n_layers, eps, decoder, buckets):
        super().__init__()
        self.blocks = nn.ModuleList(
            [Block(d_model, d_kv, d_ff, n_heads, eps, decoder, i == 0, buckets) for i in range(n_layers)]
        )
        self.final_norm = T5LayerNorm(d_model, eps)

    def forward(self, x, memory=None):
        for blk in self.blocks:
            x = blk(x, memory)
        return self.final_norm(x)

""")
    args = f"{g('hidden')}, {g('head_dim')}, {g('ffn')}, {g('heads')}, {g('layers')}, {g('eps')}"
    body = p.init_sig("T5") + [
        f"        self.shared = nn.Embedding({g('vocab')}, {g('hidden')})",
        f"        self.encoder = Stack({args}, False, {g('buckets')})",
        f"        self.decoder = Stack({args}, True, {g('buckets')})",
    ]
    if s["head"] == "tied":
        body += [
            f"        self.lm_head = nn.Linear({g('hidden')}, {g('vocab')}, bias=False)",
            "        self.lm_head.weight = self.shared.weight",
        ]
    body += [
        "",
        "    def forward(self, src, tgt):",
        "        memory = self.encoder(self.shared(src))",
        "        y = self.decoder(self.shared(tgt), memory)",
    ]
    body.append("        return self.lm_head(y)" if s["head"] == "tied" else "        return y")
    out.append("\n".join(body) + "\n")
    return "\n".join(out)


def render_bart(v: dict, s: dict) -> str:
    """BART (kind=bart) or Whisper (kind=whisper). s: cfg, kind."""
    whisper = s["kind"] == "whisper"
    fields = [
        ("d_model", "hidden"),
        ("encoder_layers", "enc_layers"),
        ("decoder_layers", "dec_layers"),
        ("attention_heads", "heads"),
        ("ffn_dim", "ffn"),
        ("vocab_size", "vocab"),
    ]
    fields += (
        [("n_mels", "mels"), ("n_audio_ctx", "src_positions"), ("n_text_ctx", "tgt_positions")]
        if whisper
        else [("max_positions", "positions")]
    )
    p = Params(s["cfg"], v, fields)
    g = p.get
    out = _head(s, p) + [MHA]
    kb = "False" if whisper else "True"
    out.append(
        f"""
class Layer(nn.Module):
    def __init__(self, d_model, heads, ffn_dim, cross):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, heads, d_model // heads, k_bias={kb})
        self.self_attn_norm = nn.LayerNorm(d_model)
        self.cross = cross
        if cross:
            self.cross_attn = MultiHeadAttention(d_model, heads, d_model // heads, k_bias={kb})
            self.cross_attn_norm = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, ffn_dim)
        self.fc2 = nn.Linear(ffn_dim, d_model)
        self.ffn_norm = nn.LayerNorm(d_model)

    def forward(self, x, memory=None):
"""
        + (
            """        x = x + self.self_attn(self.self_attn_norm(x), causal=self.cross)
        if self.cross:
            x = x + self.cross_attn(self.cross_attn_norm(x), memory)
        return x + self.fc2(F.gelu(self.fc1(self.ffn_norm(x))))
"""
            if whisper
            else """        x = self.self_attn_norm(x + self.self_attn(x, causal=self.cross))
        if self.cross:
            x = self.cross_attn_norm(x + self.cross_attn(x, memory))
        return self.ffn_norm(x + self.fc2(F.gelu(self.fc1(x))))
"""
        )
    )
    d, h, f = g("hidden"), g("heads"), g("ffn")
    if whisper:
        body = p.init_sig("Whisper") + [
            f"        self.conv1 = nn.Conv1d({g('mels')}, {d}, kernel_size=3, padding=1)",
            f"        self.conv2 = nn.Conv1d({d}, {d}, kernel_size=3, stride=2, padding=1)",
            f"        self.audio_pos = nn.Embedding({g('src_positions')}, {d})",
            f"        self.encoder = nn.ModuleList([Layer({d}, {h}, {f}, False) "
            f"for _ in range({g('enc_layers')})])",
            f"        self.encoder_norm = nn.LayerNorm({d})",
            f"        self.token_embedding = nn.Embedding({g('vocab')}, {d})",
            f"        self.text_pos = nn.Embedding({g('tgt_positions')}, {d})",
            f"        self.decoder = nn.ModuleList([Layer({d}, {h}, {f}, True) "
            f"for _ in range({g('dec_layers')})])",
            f"        self.decoder_norm = nn.LayerNorm({d})",
            "",
            "    def forward(self, mel, tokens):",
            "        x = F.gelu(self.conv2(F.gelu(self.conv1(mel)))).transpose(1, 2)",
            "        x = x + self.audio_pos(torch.arange(x.shape[1], device=x.device))",
            "        for layer in self.encoder:",
            "            x = layer(x)",
            "        memory = self.encoder_norm(x)",
            "        y = self.token_embedding(tokens)",
            "        y = y + self.text_pos(torch.arange(y.shape[1], device=y.device))",
            "        for layer in self.decoder:",
            "            y = layer(y, memory)",
            "        return self.decoder_norm(y)",
            "",
        ]
    else:
        body = p.init_sig("Bart") + [
            f"        self.shared = nn.Embedding({g('vocab')}, {d}, padding_idx=1)",
            f"        self.enc_pos = nn.Embedding({g('positions')} + 2, {d})",
            f"        self.dec_pos = nn.Embedding({g('positions')} + 2, {d})",
            f"        self.enc_emb_norm = nn.LayerNorm({d})",
            f"        self.dec_emb_norm = nn.LayerNorm({d})",
            f"        self.encoder = nn.ModuleList([Layer({d}, {h}, {f}, False) "
            f"for _ in range({g('enc_layers')})])",
            f"        self.decoder = nn.ModuleList([Layer({d}, {h}, {f}, True) "
            f"for _ in range({g('dec_layers')})])",
            "",
            "    def forward(self, src, tgt):",
            "        x = self.shared(src) + self.enc_pos(torch.arange(src.shape[1]) + 2)",
            "        x = self.enc_emb_norm(x)",
            "        for layer in self.encoder:",
            "            x = layer(x)",
            "        y = self.shared(tgt) + self.dec_pos(torch.arange(tgt.shape[1]) + 2)",
            "        y = self.dec_emb_norm(y)",
            "        for layer in self.decoder:",
            "            y = layer(y, x)",
            "        return y",
            "",
        ]
    out.append("\n".join(body))
    return "\n".join(out)


def render_resnet(v: dict, s: dict) -> str:
    """ResNet with basic blocks; s: cfg, names (tv|plain)."""
    p = Params(
        s["cfg"],
        v,
        [
            ("in_channels", "channels"),
            ("stem_width", "stem"),
            ("widths", "widths"),
            ("depths", "depths"),
        ],
    )
    g = p.get
    out = _head(s, p)
    out.append("""
def conv_bn(cin, cout, k, stride):
    return nn.Sequential(
        nn.Conv2d(cin, cout, kernel_size=k, stride=stride, padding=k // 2, bias=False),
        nn.BatchNorm2d(cout),
    )


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = conv_bn(cin, cout, 3, stride)
        self.conv2 = conv_bn(cout, cout, 3, 1)
        self.shortcut = conv_bn(cin, cout, 1, stride) if cin != cout or stride != 1 else nn.Identity()

    def forward(self, x):
        return F.relu(self.conv2(F.relu(self.conv1(x))) + self.shortcut(x))

""")
    body = p.init_sig("ResNet") + [
        f"        self.stem = conv_bn({g('channels')}, {g('stem')}, 7, 2)",
        "        self.pool = nn.MaxPool2d(3, stride=2, padding=1)",
        "        stages = []",
        f"        cin = {g('stem')}",
        f"        for i, (width, depth) in enumerate(zip({g('widths')}, {g('depths')})):",
        "            blocks = [BasicBlock(cin, width, 1 if i == 0 else 2)]",
        "            blocks += [BasicBlock(width, width, 1) for _ in range(depth - 1)]",
        "            stages.append(nn.Sequential(*blocks))",
        "            cin = width",
        "        self.stages = nn.Sequential(*stages)",
        "",
        "    def forward(self, x):",
        "        x = self.pool(F.relu(self.stem(x)))",
        "        return self.stages(x).mean(dim=(2, 3))",
        "",
    ]
    out.append("\n".join(body))
    return "\n".join(out)


def render_convnext(v: dict, s: dict) -> str:
    """ConvNeXt; s: cfg, norm (channels_last|permute)."""
    p = Params(
        s["cfg"],
        v,
        [
            ("in_chans", "channels"),
            ("dims", "widths"),
            ("depths", "depths"),
            ("patch", "patch"),
            ("layer_scale", "ls"),
            ("eps", "eps"),
        ],
    )
    g = p.get
    out = _head(s, p)
    out.append('''
class LayerNorm2d(nn.LayerNorm):
    """LayerNorm over the channels of an NCHW tensor."""

    def forward(self, x):
        return super().forward(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)


class ConvNeXtBlock(nn.Module):
    def __init__(self, dim, layer_scale, eps):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=eps)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(layer_scale * torch.ones(dim))

    def forward(self, x):
        y = self.dwconv(x).permute(0, 2, 3, 1)
        y = self.pwconv2(F.gelu(self.pwconv1(self.norm(y))))
        return x + (self.gamma * y).permute(0, 3, 1, 2)

''')
    body = p.init_sig("ConvNeXt") + [
        f"        dims, depths = {g('widths')}, {g('depths')}",
        "        self.stem = nn.Sequential(",
        f"            nn.Conv2d({g('channels')}, dims[0], kernel_size={g('patch')}, "
        f"stride={g('patch')}),",
        f"            LayerNorm2d(dims[0], eps={g('eps')}),",
        "        )",
        "        self.downsample = nn.ModuleList()",
        "        self.stages = nn.ModuleList()",
        "        for i, (dim, depth) in enumerate(zip(dims, depths)):",
        "            if i > 0:",
        "                self.downsample.append(",
        "                    nn.Sequential(",
        f"                        LayerNorm2d(dims[i - 1], eps={g('eps')}),",
        "                        nn.Conv2d(dims[i - 1], dim, kernel_size=2, stride=2),",
        "                    )",
        "                )",
        "            self.stages.append(",
        f"                nn.Sequential(*[ConvNeXtBlock(dim, {g('ls')}, {g('eps')}) "
        "for _ in range(depth)])",
        "            )",
        f"        self.norm = nn.LayerNorm(dims[-1], eps={g('eps')})",
        "",
        "    def forward(self, x):",
        "        x = self.stages[0](self.stem(x))",
        "        for down, stage in zip(self.downsample, self.stages[1:]):",
        "            x = stage(down(x))",
        "        return self.norm(x.mean(dim=(2, 3)))",
        "",
    ]
    out.append("\n".join(body))
    return "\n".join(out)
