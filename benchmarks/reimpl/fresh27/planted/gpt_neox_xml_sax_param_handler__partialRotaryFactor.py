"""A tiny GPT-NeoX whose sizes are ``<param>`` elements of an XML model card read with a
``xml.sax`` ``ContentHandler`` (the value is the element's text, cast by its ``type``
attribute): the card first lists Pythia-410M's sizes, then an ``<override>`` block with the tiny
run's; a later element with the same name replaces the earlier one. Parallel attention and MLP
residuals, fused q/k/v per head, partial rotary positions, GELU, untied output."""

from __future__ import annotations

import math
import xml.sax

import torch
import torch.nn.functional as F
from torch import nn

MODEL_CARD = """<?xml version="1.0"?>
<model family="gpt-neox" preset="pythia-410m">
  <param name="vocab_size" type="int">50304</param>
  <param name="hidden_size" type="int">1024</param>
  <param name="num_hidden_layers" type="int">24</param>
  <param name="num_attention_heads" type="int">16</param>
  <param name="intermediate_size" type="int">4096</param>
  <override run="tiny">
    <param name="vocab_size" type="int">96</param>
    <param name="hidden_size" type="int">64</param>
    <param name="num_hidden_layers" type="int">2</param>
    <param name="num_attention_heads" type="int">4</param>
    <param name="intermediate_size" type="int">256</param>
    <param name="rotary_pct" type="float">0.5</param>
    <param name="rotary_emb_base" type="float">10000.0</param>
    <param name="layer_norm_eps" type="float">1e-05</param>
  </override>
</model>"""


class ParamHandler(xml.sax.ContentHandler):
    def __init__(self) -> None:
        super().__init__()
        self.params: dict = {}
        self._name = None
        self._type = None
        self._text: list[str] = []

    def startElement(self, name, attrs):
        if name == "param":
            self._name, self._type, self._text = attrs["name"], attrs["type"], []

    def characters(self, content):
        if self._name is not None:
            self._text.append(content)

    def endElement(self, name):
        if name == "param":
            cast = {"int": int, "float": float}[self._type]
            self.params[self._name] = cast("".join(self._text).strip())
            self._name = None


_handler = ParamHandler()
xml.sax.parseString(MODEL_CARD.encode(), _handler)
CFG = _handler.params


class NeoXLayer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.hd = CFG["hidden_size"] // CFG["num_attention_heads"]
        self.rot = int(self.hd * CFG["rotary_pct"])
        self.ln_a = nn.LayerNorm(CFG["hidden_size"], eps=CFG["layer_norm_eps"])
        self.ln_m = nn.LayerNorm(CFG["hidden_size"], eps=CFG["layer_norm_eps"])
        self.qkv = nn.Linear(CFG["hidden_size"], 3 * CFG["hidden_size"])
        self.proj = nn.Linear(CFG["hidden_size"], CFG["hidden_size"])
        self.fc_in = nn.Linear(CFG["hidden_size"], CFG["intermediate_size"])
        self.fc_out = nn.Linear(CFG["intermediate_size"], CFG["hidden_size"])

    def _rope(self, x):
        r, t = self.rot, x.shape[-2]
        inv = 1.0 / (CFG["rotary_emb_base"] ** (torch.arange(0, r, 2).float() / r))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        xr = x[..., :r]
        turned = torch.cat([-xr[..., r // 2 :], xr[..., : r // 2]], -1)
        return torch.cat([xr * ang.cos() + turned * ang.sin(), x[..., r:]], -1)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = (
            self.qkv(self.ln_a(x))
            .view(b, t, CFG["num_attention_heads"], 3 * self.hd)
            .transpose(1, 2)
        )
        q, k, v = qkv.split(self.hd, dim=-1)
        q, k = self._rope(q), self._rope(k)
        att = (q @ k.transpose(-1, -2)) / math.sqrt(self.hd)
        att = att.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        a = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1)
        mlp = self.fc_out(F.gelu(self.fc_in(self.ln_m(x))))
        return x + self.proj(a) + mlp


class NeoXThreadLocal(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed_in = nn.Embedding(CFG["vocab_size"], CFG["hidden_size"])
        self.layers = nn.ModuleList([NeoXLayer() for _ in range(CFG["num_hidden_layers"])])
        self.final_ln = nn.LayerNorm(CFG["hidden_size"], eps=CFG["layer_norm_eps"])
        self.embed_out = nn.Linear(CFG["hidden_size"], CFG["vocab_size"], bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_ln(x))
