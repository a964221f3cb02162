"""OPT (post-norm, like the original 350m blocks): sizes in a TOML document read with
``tomllib.loads``, layer norms applied after each residual add, no final norm, ReLU MLP,
``nn.MultiheadAttention`` with one packed ``in_proj_weight``, and the
head tied by sharing the Parameter."""

import tomllib
import torch
import torch.nn as nn

SETTINGS = tomllib.loads(
    """
[model]
vocab_size = 1024
max_positions = 200
d_model = 80

[model.decoder]
layers = 3
attention_heads = 5
ffn_dim = 240
"""
)
M = SETTINGS["model"]
D = M["decoder"]


class PostNormLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = M["d_model"]
        self.self_attn = nn.MultiheadAttention(
            d, D["attention_heads"], kdim=d, vdim=d, batch_first=True
        )
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, D["ffn_dim"])
        self.fc2 = nn.Linear(D["ffn_dim"], d)
        self.final_layer_norm = nn.LayerNorm(d)

    def forward(self, x, mask):
        a, _ = self.self_attn(x, x, x, attn_mask=mask, need_weights=False)
        x = self.self_attn_layer_norm(x + a)
        return self.final_layer_norm(x + self.fc2(torch.relu(self.fc1(x))))


class OPTPostNorm(nn.Module):
    def __init__(self):
        super().__init__()
        d = M["d_model"]
        self.embed_tokens = nn.Embedding(M["vocab_size"], d)
        self.embed_positions = nn.Embedding(M["max_positions"] + 2, d)
        self.layers = nn.ModuleList(PostNormLayer() for _ in range(D["layers"]))
        self.lm_head = nn.Linear(d, M["vocab_size"], bias=False)
        self.lm_head.weight = self.embed_tokens.weight

    def forward(self, input_ids):
        t = input_ids.shape[1]
        x = self.embed_tokens(input_ids) + self.embed_positions(torch.arange(t) + 2)
        mask = torch.ones(t, t, dtype=torch.bool).triu(1)
        for layer in self.layers:
            x = layer(x, mask)
        return self.lm_head(x)
