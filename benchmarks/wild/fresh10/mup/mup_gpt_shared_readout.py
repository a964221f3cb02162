import torch
from mup import MuSharedReadout, set_base_shapes
from torch import nn


class TinyGPT(nn.Module):
    def __init__(self, vocab=5000, d_model=128, n_layer=2, n_head=4, ctx=256):
        super().__init__()
        self.wte = nn.Embedding(vocab, d_model)
        self.wpe = nn.Embedding(ctx, d_model)
        layer = nn.TransformerEncoderLayer(
            d_model, n_head, 4 * d_model, batch_first=True, norm_first=True
        )
        self.blocks = nn.TransformerEncoder(layer, n_layer)
        self.ln_f = nn.LayerNorm(d_model)
        # muP output layer sharing the token embedding matrix
        self.lm_head = MuSharedReadout(self.wte.weight, bias=False)

    def forward(self, idx):
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        return self.lm_head(self.ln_f(self.blocks(x)))


model = TinyGPT(d_model=256)
set_base_shapes(model, TinyGPT(d_model=64), delta=TinyGPT(d_model=128))
