"""RoBERTa-PreLayerNorm (the efficient-MLM variant): a LayerNorm before self-attention and
before the feed-forward, none after the residual adds, one more LayerNorm after the last layer
(ahead of the pooler); RoBERTa positions (offset past the padding index). Built the mmcv /
mmengine way: every part is a ``dict(type=..., **kwargs)`` resolved through a ``Registry`` by
``build_from_cfg``; the model's config is one nested dict."""

import torch
import torch.nn.functional as F
from torch import nn


class Registry:
    def __init__(self, name):
        self.name, self._modules = name, {}

    def register_module(self, cls=None, name=None):
        def deco(c):
            self._modules[name or c.__name__] = c
            return c

        return deco(cls) if cls is not None else deco

    def get(self, key):
        return self._modules[key]


MODELS = Registry("models")


def build_from_cfg(cfg, registry=MODELS, **defaults):
    args = dict(cfg)
    cls = registry.get(args.pop("type"))
    for k, v in defaults.items():
        args.setdefault(k, v)
    return cls(**args)


model_cfg = dict(
    type="PreLNEncoder",
    embed=dict(type="RobertaEmbed", vocab_size=720, max_positions=130, pad_idx=1, dim=64),
    layer=dict(type="PreLNLayer", dim=64, num_heads=4, ffn_dim=160, eps=1e-5),
    num_layers=3,
)


@MODELS.register_module()
class RobertaEmbed(nn.Module):
    def __init__(self, vocab_size, max_positions, pad_idx, dim, eps=1e-5):
        super().__init__()
        self.pad_idx = pad_idx
        self.word_embeddings = nn.Embedding(vocab_size, dim, padding_idx=pad_idx)
        self.position_embeddings = nn.Embedding(max_positions, dim, padding_idx=pad_idx)
        self.token_type_embeddings = nn.Embedding(1, dim)
        self.LayerNorm = nn.LayerNorm(dim, eps=eps)

    def forward(self, ids):
        keep = ids.ne(self.pad_idx).int()
        pos = torch.cumsum(keep, 1) * keep + self.pad_idx
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = x + self.token_type_embeddings(torch.zeros_like(ids))
        return self.LayerNorm(x)


@MODELS.register_module()
class PreLNLayer(nn.Module):
    def __init__(self, dim, num_heads, ffn_dim, eps):
        super().__init__()
        self.h = num_heads
        self.attn_ln = nn.LayerNorm(dim, eps=eps)
        self.query = nn.Linear(dim, dim)
        self.key = nn.Linear(dim, dim)
        self.value = nn.Linear(dim, dim)
        self.attn_out = nn.Linear(dim, dim)
        self.ffn_ln = nn.LayerNorm(dim, eps=eps)
        self.fc_in = nn.Linear(dim, ffn_dim)
        self.fc_out = nn.Linear(ffn_dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        h = self.attn_ln(x)
        q, k, v = (
            p(h).view(b, t, self.h, -1).transpose(1, 2) for p in (self.query, self.key, self.value)
        )
        o = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, d)
        x = x + self.attn_out(o)
        return x + self.fc_out(F.gelu(self.fc_in(self.ffn_ln(x))))


@MODELS.register_module()
class PreLNEncoder(nn.Module):
    def __init__(self, embed, layer, num_layers):
        super().__init__()
        self.embeddings = build_from_cfg(embed)
        self.layers = nn.ModuleList(build_from_cfg(layer) for _ in range(num_layers))
        self.final_ln = nn.LayerNorm(layer["dim"], eps=layer["eps"])
        self.pooler = nn.Linear(layer["dim"], layer["dim"])

    def forward(self, ids):
        x = self.embeddings(ids)
        for blk in self.layers:
            x = blk(x)
        x = self.final_ln(x)
        return x, torch.tanh(self.pooler(x[:, 0]))


class RobertaPreLN(nn.Module):
    def __init__(self, cfg=model_cfg):
        super().__init__()
        self.backbone = build_from_cfg(cfg)

    def forward(self, ids):
        return self.backbone(ids)
